import ICAL from "ical.js";
import { expect, it } from "vitest";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { DashboardSession, RescheduleOption } from "../../../shared/schemas/dashboard.js";
import type { SlotsTable } from "../../db/schema.js";
import { findJobsByType } from "../../infrastructure/jobs/repository.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { REMINDER_JOB } from "../reminders/service.js";
import { countSeatsTaken } from "../seats/repository.js";
import { inviteUid } from "../sessions/invite.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Whole seconds, as real slot times are (an invite carries no milliseconds).
const at = (ms: number) => new Date(Math.round((Date.now() + ms) / 1000) * 1000).toISOString();

describeEachDialect("reschedule", (t) => {
  let counter = 0;
  const slotAt = (startInMs: number, overrides: Partial<SlotsTable> = {}) =>
    buildSlot(t().app.deps.db, { start_at: at(startInMs), end_at: at(startInMs + 45 * MINUTE), ...overrides });

  async function student(startInMs = 48 * HOUR) {
    counter += 1;
    const email = `mover-${counter}@example.com`;
    const cookie = await t().signIn(email);
    const userId = await findUserId(t().app.deps.db, email);
    const slot = await slotAt(startInMs);
    const booking = await buildBooking(t().app.deps.db, { user_id: userId, target_id: slot.id });
    return { email, cookie, userId, slot, booking };
  }

  const move = (bookingId: string, slotId: string, cookie: string) =>
    t().request({ method: "POST", url: `/api/me/bookings/${bookingId}/reschedule`, cookie, payload: { slotId } });

  it("moves the seat, bumps the invite sequence, mails an updated invite and re-arms reminders", async () => {
    const { db } = t().app.deps;
    const { email, cookie, slot, booking } = await student();
    const target = await slotAt(72 * HOUR, { interviewer_name: "Priya Sharma" });

    const res = await move(booking.id, target.id, cookie);
    expect(res.statusCode).toBe(200);
    const { session } = json<{ session: DashboardSession }>(res);
    expect(session).toMatchObject({
      startAt: target.start_at,
      interviewerName: "Priya Sharma",
      status: "confirmed",
      canReschedule: true,
    });

    const seats = await countSeatsTaken(db, [slot.id, target.id], new Date().toISOString());
    expect(seats.get(slot.id)).toBe(0);
    expect(seats.get(target.id)).toBe(1);
    const row = await db
      .selectFrom("bookings")
      .select(["target_id", "ics_sequence", "status"])
      .where("id", "=", booking.id)
      .executeTakeFirst();
    expect(row).toEqual({ target_id: target.id, ics_sequence: 1, status: "confirmed" });

    const mail = (await findRecentOutboxMessages(db, 50)).find(
      (m) => m.to_address === email && m.subject.startsWith("Rescheduled"),
    );
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { content: string; contentType: string }[];
    expect(invite?.contentType).toContain("method=REQUEST");
    const calendar = new ICAL.Component(ICAL.parse(invite?.content ?? ""));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(event.uid).toBe(inviteUid(booking.id));
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(target.start_at);

    const reminders = (await findJobsByType(db, REMINDER_JOB)).filter((j) => j.payload.includes(booking.id));
    expect(reminders.map((j) => JSON.parse(j.payload).startAt)).toEqual([target.start_at, target.start_at]);

    const { items } = json<{ items: { type: string }[] }>(await t().request({ url: "/api/notifications", cookie }));
    expect(items.map((n) => n.type)).toContain("booking_rescheduled");
  });

  it("is allowed until 12 hours before the start and refused inside the window", async () => {
    const early = await student(12 * HOUR + 2 * MINUTE);
    const late = await student(12 * HOUR - 2 * MINUTE);
    const target = await slotAt(96 * HOUR, { capacity: 5 });

    const refused = await move(late.booking.id, target.id, late.cookie);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      error: { code: "RESCHEDULE_WINDOW", message: DASHBOARD_MESSAGES.rescheduleWindow },
    });
    const options = await t().request({
      url: `/api/me/bookings/${late.booking.id}/reschedule-options`,
      cookie: late.cookie,
    });
    expect(json(options)).toMatchObject({ error: { code: "RESCHEDULE_WINDOW" } });

    expect((await move(early.booking.id, target.id, early.cookie)).statusCode).toBe(200);
  });

  it("offers only open slots of the same package with seats left", async () => {
    const { db } = t().app.deps;
    const { cookie, booking, slot } = await student();
    const open = await slotAt(50 * HOUR, { capacity: 2 });
    const full = await slotAt(51 * HOUR);
    await buildBooking(db, { user_id: "someone-else", target_id: full.id });
    const draft = await slotAt(52 * HOUR, { status: "draft" });
    const maang = await slotAt(53 * HOUR, { package_types: JSON.stringify(["maang"]) });
    const past = await slotAt(-2 * HOUR);
    const cancelled = await slotAt(54 * HOUR, { cancelled_at: new Date().toISOString() });

    const { slots } = json<{ slots: RescheduleOption[] }>(
      await t().request({ url: `/api/me/bookings/${booking.id}/reschedule-options`, cookie }),
    );
    const ids = slots.map((s) => s.slotId);
    expect(ids).toContain(open.id);
    expect(slots.find((s) => s.slotId === open.id)?.seatsLeft).toBe(2);
    for (const hidden of [slot, full, draft, maang, past, cancelled]) expect(ids).not.toContain(hidden.id);

    for (const refused of [full, draft, maang, past, cancelled]) {
      const res = await move(booking.id, refused.id, cookie);
      expect(json(res)).toEqual({ error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.rescheduleSlotGone } });
    }
    expect(json(await move(booking.id, slot.id, cookie))).toMatchObject({
      error: { message: DASHBOARD_MESSAGES.rescheduleSameSlot },
    });
  });

  it("gives the last seat to exactly one of two students moving at once", async () => {
    const { db } = t().app.deps;
    for (let round = 0; round < 5; round++) {
      const a = await student();
      const b = await student();
      const last = await slotAt((60 + round) * HOUR, { capacity: 1 });
      const results = await Promise.all([move(a.booking.id, last.id, a.cookie), move(b.booking.id, last.id, b.cookie)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      expect(json(loser ?? results[0] ?? ({} as never))).toMatchObject({
        error: { message: DASHBOARD_MESSAGES.rescheduleSlotGone },
      });
      const seats = await countSeatsTaken(db, [last.id, a.slot.id, b.slot.id], new Date().toISOString());
      expect(seats.get(last.id)).toBe(1);
      expect((seats.get(a.slot.id) ?? 0) + (seats.get(b.slot.id) ?? 0)).toBe(1);
    }
  });

  it("only moves the student's own confirmed mock interviews", async () => {
    const { db } = t().app.deps;
    const owner = await student();
    const other = await student();
    const target = await slotAt(80 * HOUR, { capacity: 3 });
    expect((await move(owner.booking.id, target.id, other.cookie)).statusCode).toBe(404);
    expect((await move(owner.booking.id, target.id, "")).statusCode).toBe(401);
    await db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", owner.booking.id).execute();
    expect(json(await move(owner.booking.id, target.id, owner.cookie))).toMatchObject({
      error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.rescheduleNotAllowed },
    });
  });
});
