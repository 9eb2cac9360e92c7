import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { WorkshopListing } from "../../../shared/schemas/booking.js";
import type { WorkshopDto } from "../../../shared/schemas/workshops.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import { buildInterviewer } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Answer = { id?: string; error?: { code: string; message: string; field?: string } };
const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);

const saveSlot = (t: TestApp, cookie: string, payload: Record<string, unknown>, id?: string) =>
  t.request({ method: id ? "PUT" : "POST", url: id ? `/api/admin/slots/${id}` : "/api/admin/slots", cookie, payload });
const saveWorkshop = (t: TestApp, cookie: string, payload: Record<string, unknown>, id?: string) =>
  t.request({
    method: id ? "PUT" : "POST",
    url: id ? `/api/admin/workshops/${id}` : "/api/admin/workshops",
    cookie,
    payload: { title: "System design live", topicKey: "ws_systemdesign", level: "Advanced", ...payload },
  });

describeEachDialect("a workshop's host has one place at a time", (t) => {
  it("refuses a session that overlaps its host's slot, and a slot that overlaps a session they host, beside Start", async () => {
    const admin = await t().signInAdmin();
    const rahul = await buildInterviewer(t().app.deps.db, { name: "Rahul Menon" });
    const day = inDays(5);
    const slot = json<Answer>(
      await saveSlot(t(), admin, { interviewerId: rahul.id, date: day, start: "19:00", end: "19:45" }),
    );

    const clash = await saveWorkshop(t(), admin, {
      hostInterviewerId: rahul.id,
      date: day,
      start: "19:30",
      end: "21:00",
    });
    expect(clash.statusCode).toBe(409);
    expect(json<Answer>(clash).error?.field).toBe("start");
    expect(json<Answer>(clash).error?.message).toMatch(
      /^Rahul Menon already has a slot at \w{3}, \d{1,2} \w{3} 19:00–19:45\. /,
    );

    const session = await saveWorkshop(t(), admin, {
      hostInterviewerId: rahul.id,
      date: day,
      start: "19:45",
      end: "21:00",
    });
    expect(session.statusCode).toBe(201);
    expect(json<WorkshopDto>(session)).toMatchObject({ hostInterviewerId: rahul.id, hostName: "Rahul Menon" });

    // The slot may not move into the session, and a new slot may not be added over it.
    const moved = await saveSlot(
      t(),
      admin,
      { interviewerId: rahul.id, date: day, start: "20:00", end: "20:45" },
      slot.id,
    );
    expect(moved.statusCode).toBe(409);
    expect(json<Answer>(moved).error?.field).toBe("start");
    expect(json<Answer>(moved).error?.message).toMatch(/hosts the workshop “System design live” at .* 19:45–21:00\./);
    const added = await saveSlot(t(), admin, { interviewerId: rahul.id, date: day, start: "20:30", end: "21:15" });
    expect(added.statusCode).toBe(409);

    // Without a host, or with another interviewer, the time is free.
    expect((await saveWorkshop(t(), admin, { date: day, start: "19:00", end: "20:00" })).statusCode).toBe(201);
    const asha = await buildInterviewer(t().app.deps.db, { name: "Asha Rao" });
    expect(
      (await saveWorkshop(t(), admin, { hostInterviewerId: asha.id, date: day, start: "19:00", end: "20:00" }))
        .statusCode,
    ).toBe(201);
  });

  it("refuses two overlapping sessions of one host; an edit does not clash with itself; a cancelled one frees the time", async () => {
    const admin = await t().signInAdmin();
    const meera = await buildInterviewer(t().app.deps.db, { name: "Meera Nair" });
    const day = inDays(6);
    const first = json<WorkshopDto>(
      await saveWorkshop(t(), admin, { hostInterviewerId: meera.id, date: day, start: "10:00", end: "12:00" }),
    );
    const second = await saveWorkshop(t(), admin, {
      hostInterviewerId: meera.id,
      date: day,
      start: "11:00",
      end: "13:00",
    });
    expect(second.statusCode).toBe(409);
    expect(json<Answer>(second).error?.message).toMatch(
      /^Meera Nair already hosts the workshop “System design live” at/,
    );
    expect(
      (
        await saveWorkshop(
          t(),
          admin,
          { hostInterviewerId: meera.id, date: day, start: "10:30", end: "12:30" },
          first.id,
        )
      ).statusCode,
    ).toBe(200);
    await t().request({ method: "POST", url: `/api/admin/workshops/${first.id}/cancel`, cookie: admin, payload: {} });
    expect(
      (await saveWorkshop(t(), admin, { hostInterviewerId: meera.id, date: day, start: "11:00", end: "13:00" }))
        .statusCode,
    ).toBe(201);
  });

  it("takes only a known, active interviewer as host, and shows the host on the students' listing", async () => {
    const admin = await t().signInAdmin();
    const day = inDays(7);
    const unknown = await saveWorkshop(t(), admin, {
      hostInterviewerId: "no-such-id",
      date: day,
      start: "10:00",
      end: "11:00",
    });
    expect(unknown.statusCode).toBe(400);
    expect(json<Answer>(unknown).error).toMatchObject({
      field: "hostInterviewerId",
      message: ADMIN_MESSAGES.hostRequired,
    });
    const away = await buildInterviewer(t().app.deps.db, { name: "Inactive Person", active: 0 });
    expect(
      (await saveWorkshop(t(), admin, { hostInterviewerId: away.id, date: day, start: "10:00", end: "11:00" }))
        .statusCode,
    ).toBe(400);

    const host = await buildInterviewer(t().app.deps.db, {
      name: "Kiran Shah",
      qualification: "Staff Engineer, Razorpay",
    });
    const made = json<WorkshopDto>(
      await saveWorkshop(t(), admin, { hostInterviewerId: host.id, date: day, start: "15:00", end: "16:00" }),
    );
    const { workshops } = json<{ workshops: WorkshopListing[] }>(await t().request({ url: "/api/workshops" }));
    expect(workshops.find((w) => w.id === made.id)).toMatchObject({
      hostName: "Kiran Shah",
      hostQualification: "Staff Engineer, Razorpay",
    });

    // Deleting the interviewer leaves the session without a host.
    await t().request({ method: "DELETE", url: `/api/admin/interviewers/${host.id}`, cookie: admin });
    const after = json<{ workshops: WorkshopDto[] }>(await t().request({ url: "/api/admin/workshops", cookie: admin }));
    expect(after.workshops.find((w) => w.id === made.id)).toMatchObject({ hostInterviewerId: null, hostName: null });
  });

  it("of a slot and a session saved at the same moment for one interviewer at one time, exactly one is kept", async () => {
    const admin = await t().signInAdmin();
    for (let round = 0; round < 3; round++) {
      const person = await buildInterviewer(t().app.deps.db, { name: `Racer ${round}` });
      const day = inDays(8 + round);
      const answers = await Promise.all([
        saveSlot(t(), admin, { interviewerId: person.id, date: day, start: "18:00", end: "18:45" }),
        saveWorkshop(t(), admin, { hostInterviewerId: person.id, date: day, start: "18:30", end: "19:30" }),
        saveWorkshop(t(), admin, { hostInterviewerId: person.id, date: day, start: "18:15", end: "19:00" }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    }
  });
});
