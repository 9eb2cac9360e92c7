import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { addDays, weekStartMonday, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { ApiError } from "../../test/api-error.js";
import { buildBooking, buildInterviewer, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Slot = {
  id: string;
  interviewerName: string;
  interviewerEmail: string;
  interviewerPhone: string;
  packageTypes: string[];
  capacity: number;
  seatsLeft: number;
  booked: number;
  status: string;
  startAt: string;
  endAt: string;
};
const IST = "Asia/Kolkata";
const today = () => zonedDate(new Date(), IST);
const inDays = (n: number) => addDays(today(), n);
const admin = (t: TestApp) => t.signInAdmin(`slots-${randomUUID().slice(0, 8)}@example.com`);
const student = async (t: TestApp) => {
  const email = `slot-student-${randomUUID().slice(0, 8)}@example.com`;
  await t.signIn(email);
  return findUserId(t.app.deps.db, email);
};
const week = async (t: TestApp, cookie: string, date: string) =>
  json<{ weekStart: string; slots: Slot[] }>(await t.request({ url: `/api/admin/slots?week=${date}`, cookie }));

describeEachDialect("admin slots", (t) => {
  it("applies the spec's slot rules in its order, with its exact messages", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const person = await buildInterviewer(db, { company_types: '["service","product"]' });
    const noTypes = await buildInterviewer(db, { company_types: "[]" });
    const inactive = await buildInterviewer(db, { active: 0 });
    const slot = (change: Record<string, unknown>) => ({
      interviewerId: person.id,
      date: inDays(2),
      start: "19:00",
      end: "19:45",
      ...change,
    });
    const fill = "Please fill date & times, and ensure the selected interviewer has at least one company type.";
    const cases: [Record<string, unknown>, string][] = [
      [{ interviewerId: "", date: "" }, "Please select an interviewer."],
      [{ interviewerId: "no-such-interviewer" }, "Please select an interviewer."],
      [{ interviewerId: inactive.id }, "Please select an interviewer."],
      [{ date: "", start: "19:45", end: "19:00" }, fill],
      [{ start: "" }, fill],
      [{ end: "7pm" }, fill],
      [{ interviewerId: noTypes.id }, fill],
      [
        { date: inDays(-1), start: "19:45", end: "19:00" },
        "Cannot create a slot in the past. Pick today or a future date.",
      ],
      [{ date: today(), start: "00:00", end: "00:01" }, "Slot end time must be at least 5 minutes in the future."],
      [{ start: "19:45", end: "19:00" }, "End time must be after start time."],
      [{ start: "19:00", end: "19:00" }, "End time must be after start time."],
      [{ meetingLink: "javascript:alert(1)" }, ADMIN_MESSAGES.meetingLinkInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload: slot(change) });
      expect([change, res.statusCode, json<ApiError>(res).error.message]).toEqual([change, 400, message]);
    }
  });

  it("copies the interviewer onto the slot, derives its packages, floors the capacity and defaults the rest", async () => {
    const cookie = await admin(t());
    const person = await buildInterviewer(t().app.deps.db, { company_types: '["product","maang"]' });
    const created = await t().request({
      method: "POST",
      url: "/api/admin/slots",
      cookie,
      payload: { interviewerId: person.id, date: inDays(3), start: "19:00", end: "19:45", capacity: 2.7 },
    });
    expect(created.statusCode).toBe(201);
    expect(json<Slot>(created)).toMatchObject({
      interviewerName: person.name,
      interviewerEmail: person.email,
      interviewerPhone: person.phone,
      packageTypes: ["product", "maang"],
      capacity: 2,
      seatsLeft: 2,
      booked: 0,
      status: "published",
      startAt: zonedToInstant(inDays(3), "19:00", IST).toISOString(),
      endAt: zonedToInstant(inDays(3), "19:45", IST).toISOString(),
    });
    const zero = await t().request({
      method: "POST",
      url: "/api/admin/slots",
      cookie,
      payload: {
        interviewerId: person.id,
        date: inDays(3),
        start: "20:00",
        end: "20:45",
        capacity: 0,
        status: "draft",
      },
    });
    // A capacity of 0 is refused, not saved as 1 (docs/decisions/0141-one-interviewer-one-slot.md).
    expect(zero.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(zero).error.message).toBe(ADMIN_MESSAGES.capacityAtLeastOne);
  });

  it("lists the Monday-to-Sunday week of the platform zone, with seats left after holds and bookings", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const monday = weekStartMonday(inDays(14));
    const at = (date: string, time: string) => zonedToInstant(date, time, IST).toISOString();
    const first = await buildSlot(db, { start_at: at(monday, "00:00"), end_at: at(monday, "00:45"), capacity: 3 });
    const last = await buildSlot(db, {
      start_at: at(addDays(monday, 6), "23:30"),
      end_at: at(addDays(monday, 7), "00:15"),
    });
    const before = await buildSlot(db, { start_at: at(addDays(monday, -1), "23:59"), end_at: at(monday, "00:30") });
    const after = await buildSlot(db, {
      start_at: at(addDays(monday, 7), "00:00"),
      end_at: at(addDays(monday, 7), "00:45"),
    });

    const userId = await student(t());
    await buildBooking(db, { user_id: userId, target_id: first.id });
    await db
      .insertInto("holds")
      .values({
        id: randomUUID(),
        user_id: await student(t()),
        kind: "mock",
        target_id: first.id,
        package_key: "service",
        expires_at: new Date(Date.now() + 600_000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();

    const listed = await week(t(), cookie, addDays(monday, 3));
    expect(listed.weekStart).toBe(monday);
    const ids = listed.slots.map((s) => s.id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(last.id);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(after.id);
    expect(listed.slots.find((s) => s.id === first.id)).toMatchObject({ capacity: 3, seatsLeft: 1, booked: 1 });
  });

  it("refuses to delete a slot with confirmed bookings or a payment under way, and deletes a free one", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const paid = await buildSlot(db, { capacity: 3 });
    await buildBooking(db, { user_id: await student(t()), target_id: paid.id });
    const refused = await t().request({ method: "DELETE", url: `/api/admin/slots/${paid.id}`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({
      code: "HAS_BOOKINGS",
      message: "This slot has confirmed bookings. Cancel it instead of deleting it.",
    });

    const paying = await buildSlot(db);
    await buildBooking(db, {
      user_id: await student(t()),
      target_id: paying.id,
      status: "pending_payment",
      confirmed_at: null,
      seat_expires_at: new Date(Date.now() + 600_000).toISOString(),
    });
    const busy = await t().request({ method: "DELETE", url: `/api/admin/slots/${paying.id}`, cookie });
    expect(json<ApiError>(busy).error).toEqual({ code: "HAS_BOOKINGS", message: ADMIN_MESSAGES.paymentUnderWay });

    const free = await buildSlot(db);
    expect((await t().request({ method: "DELETE", url: `/api/admin/slots/${free.id}`, cookie })).statusCode).toBe(204);
    expect(await db.selectFrom("slots").select("id").where("id", "=", free.id).executeTakeFirst()).toBeUndefined();
    const gone = await t().request({ method: "DELETE", url: `/api/admin/slots/${free.id}`, cookie });
    expect(json<ApiError>(gone).error).toEqual({ code: "NOT_FOUND", message: ADMIN_MESSAGES.slotGone });
  });

  it("edits with the same rules, never below the seats paid for, never once cancelled", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const person = await buildInterviewer(db);
    const slot = await buildSlot(db, { interviewer_id: person.id, capacity: 3 });
    await buildBooking(db, { user_id: await student(t()), target_id: slot.id });
    await buildBooking(db, { user_id: await student(t()), target_id: slot.id });
    const edit = (id: string, change: Record<string, unknown>) =>
      t().request({
        method: "PUT",
        url: `/api/admin/slots/${id}`,
        cookie,
        payload: { interviewerId: person.id, date: inDays(5), start: "18:00", end: "18:45", capacity: 3, ...change },
      });

    expect(json<ApiError>(await edit(slot.id, { date: inDays(-2) })).error.message).toBe(
      "Cannot create a slot in the past. Pick today or a future date.",
    );
    const tooSmall = await edit(slot.id, { capacity: 1 });
    expect(tooSmall.statusCode).toBe(409);
    expect(json<ApiError>(tooSmall).error.message).toBe(
      "2 students have paid for a seat here, so the capacity cannot be less than 2.",
    );
    const moved = await edit(slot.id, { capacity: 2, details: " Bring your resume " });
    expect(json<Slot & { details: string }>(moved)).toMatchObject({
      capacity: 2,
      seatsLeft: 0,
      booked: 2,
      details: "Bring your resume",
      startAt: zonedToInstant(inDays(5), "18:00", IST).toISOString(),
    });

    const cancelled = await buildSlot(db, { interviewer_id: person.id, cancelled_at: new Date().toISOString() });
    expect(json<ApiError>(await edit(cancelled.id, {})).error).toEqual({
      code: "CONFLICT",
      message: ADMIN_MESSAGES.cancelledNotEditable,
    });
  });

  it("keeps a since-deactivated interviewer on the slots they already have", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const person = await buildInterviewer(db, { active: 0 });
    const theirs = await buildSlot(db, { interviewer_id: person.id });
    const edit = await t().request({
      method: "PUT",
      url: `/api/admin/slots/${theirs.id}`,
      cookie,
      payload: { interviewerId: person.id, date: inDays(4), start: "18:00", end: "18:45", status: "draft" },
    });
    expect(edit.statusCode).toBe(200);
    expect(json<Slot>(edit).status).toBe("draft");
  });
});
