import { expect, it } from "vitest";
import { zonedDate } from "../../../shared/time.js";
import { buildBooking, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type ApiError = { error: { code: string; message: string } };
type Workshop = { id: string; title: string; capacity: number; seatsLeft: number; status: string; startAt: string };
const IST = "Asia/Kolkata";
const inDays = (n: number) => zonedDate(new Date(Date.now() + n * 86_400_000), IST);

const workshop = (change: Record<string, unknown> = {}) => ({
  topicKey: "ws_resume",
  title: "  Resume clinic ",
  level: "Beginner",
  date: inDays(5),
  start: "18:00",
  end: "19:30",
  capacity: 12.9,
  status: "published",
  meetingLink: "https://meet.example.com/resume",
  ...change,
});

describeEachDialect("admin workshops", (t) => {
  it("applies the slot rules that fit a workshop, with their messages", async () => {
    const cookie = await t().signInAdmin("ws-rules-admin@example.com");
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "  " }, "Title is required."],
      [{ date: "" }, "Please fill date & times."],
      [{ date: inDays(-1) }, "Cannot create a slot in the past. Pick today or a future date."],
      [{ start: "19:30", end: "18:00" }, "End time must be after start time."],
    ];
    for (const [change, message] of cases) {
      const res = await t().request({ method: "POST", url: "/api/admin/workshops", cookie, payload: workshop(change) });
      expect(res.statusCode).toBe(400);
      expect(json<ApiError>(res).error.message).toBe(message);
    }
  });

  it("adds, edits and deletes a session, trimming the title and flooring the capacity", async () => {
    const cookie = await t().signInAdmin("ws-crud-admin@example.com");
    const created = await t().request({ method: "POST", url: "/api/admin/workshops", cookie, payload: workshop() });
    expect(created.statusCode).toBe(201);
    const added = json<Workshop>(created);
    expect(added).toMatchObject({ title: "Resume clinic", capacity: 12, seatsLeft: 12, status: "published" });

    const edited = await t().request({
      method: "PUT",
      url: `/api/admin/workshops/${added.id}`,
      cookie,
      payload: workshop({ title: "Resume clinic II", status: "draft", capacity: 0 }),
    });
    expect(json<Workshop>(edited)).toMatchObject({ title: "Resume clinic II", status: "draft", capacity: 1 });

    const listed = json<{ workshops: Workshop[] }>(await t().request({ url: "/api/admin/workshops", cookie }));
    expect(listed.workshops.find((w) => w.id === added.id)?.title).toBe("Resume clinic II");

    const removed = await t().request({ method: "DELETE", url: `/api/admin/workshops/${added.id}`, cookie });
    expect(removed.statusCode).toBe(204);
    const after = json<{ workshops: Workshop[] }>(await t().request({ url: "/api/admin/workshops", cookie }));
    expect(after.workshops.map((w) => w.id)).not.toContain(added.id);
  });

  it("refuses to delete a session a student has paid for", async () => {
    const cookie = await t().signInAdmin("ws-paid-admin@example.com");
    const { db } = t().app.deps;
    const session = await buildWorkshop(db);
    await t().signIn("ws-paid-student@example.com");
    await buildBooking(db, {
      user_id: await findUserId(db, "ws-paid-student@example.com"),
      target_id: session.id,
      kind: "workshop",
      package_key: "ws_dsa",
    });
    const refused = await t().request({ method: "DELETE", url: `/api/admin/workshops/${session.id}`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({
      code: "HAS_BOOKINGS",
      message: "This workshop has confirmed bookings. Cancel it instead of deleting it.",
    });
  });
});
