import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { DashboardSession } from "../../../shared/schemas/dashboard.js";
import type { Db } from "../../db/database.js";
import type { BookingsTable, SlotsTable } from "../../db/schema.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { findJobsByType } from "../../infrastructure/jobs/repository.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildBooking, buildInternship, buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { jobHandlers } from "../index.js";
import { REFUND_JOB, type RefundRequest, refundJob } from "../payments/refunds.js";
import { REMINDER_JOB, scheduleReminders } from "../reminders/service.js";
import { countSeatsTaken } from "../seats/repository.js";
import { inviteUid } from "../sessions/invite.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(Math.round((Date.now() + ms) / 1000) * 1000).toISOString();

async function paidPayment(db: Db, booking: BookingsTable) {
  const now = new Date().toISOString();
  const id = randomUUID();
  await db
    .insertInto("payments")
    .values({
      id,
      booking_id: booking.id,
      provider: "dev",
      order_id: `order_${id}`,
      payment_id: `pay_${id.slice(0, 8)}`,
      amount_paise: booking.amount_paise,
      currency: "INR",
      status: "paid",
      refund_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const inDaysDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDialect("cancellations", (t) => {
  let counter = 0;
  const slotAt = (startInMs: number, overrides: Partial<SlotsTable> = {}) =>
    buildSlot(t().app.deps.db, { start_at: at(startInMs), end_at: at(startInMs + 45 * MINUTE), ...overrides });

  async function student(target?: { id: string; kind?: BookingsTable["kind"] }, startInMs = 48 * HOUR) {
    counter += 1;
    const email = `canceller-${counter}@example.com`;
    const cookie = await t().signIn(email);
    const { db } = t().app.deps;
    const userId = await findUserId(db, email);
    const slotId = target?.id ?? (await slotAt(startInMs)).id;
    const booking = await buildBooking(db, { user_id: userId, target_id: slotId, kind: target?.kind ?? "mock" });
    const paymentId = await paidPayment(db, booking);
    return { email, cookie, userId, slotId, booking, paymentId };
  }

  const cancel = (bookingId: string, cookie: string, reason?: string) =>
    t().request({
      method: "POST",
      url: `/api/me/bookings/${bookingId}/cancel`,
      cookie,
      payload: reason ? { reason } : {},
    });

  const refunds: RefundRequest[] = [];
  const runner = () =>
    createJobRunner(t().app.deps, {
      ...jobHandlers,
      [REFUND_JOB]: refundJob(async (_deps, request) => {
        refunds.push(request);
        return { refundId: `rfnd_${request.providerPaymentId}` };
      }),
    });

  it("a student cancels up to 12 hours ahead: seat freed, refund, calendar cancellation, no reminders", async () => {
    const { db } = t().app.deps;
    const { email, cookie, booking, slotId, paymentId } = await student();
    const session = (await findBookingSessionStart(db, slotId)) ?? "";
    await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: session });

    const res = await cancel(booking.id, cookie, "Exam clash");
    expect(res.statusCode).toBe(200);
    expect(json<{ session: DashboardSession }>(res).session).toMatchObject({
      status: "cancelled",
      cancelReason: "Exam clash",
      canCancel: false,
    });
    expect((await countSeatsTaken(db, [slotId], new Date().toISOString())).get(slotId)).toBe(0);

    const mail = (await findRecentOutboxMessages(db, 50)).find(
      (m) => m.to_address === email && m.subject.startsWith("Cancelled"),
    );
    expect(mail?.text).toContain("Your full refund of ₹1,200 is on its way");
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { content: string; contentType: string }[];
    expect(invite?.contentType).toContain("method=CANCEL");
    const calendar = new ICAL.Component(ICAL.parse(invite?.content ?? ""));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const vevent = calendar.getFirstSubcomponent("vevent");
    expect(vevent?.getFirstPropertyValue("uid")).toBe(inviteUid(booking.id));
    expect(vevent?.getFirstPropertyValue("sequence")).toBe(1);

    expect(
      (await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirst())?.status,
    ).toBe("refund_pending");
    await runner().runDue(() => new Date(Date.parse(session) + HOUR));
    const payment = await db
      .selectFrom("payments")
      .select(["status", "refund_id"])
      .where("id", "=", paymentId)
      .executeTakeFirst();
    expect(payment?.status).toBe("refunded");
    expect(refunds.filter((r) => r.idempotencyKey === `refund-${paymentId}`)).toHaveLength(1);
    expect(refunds.find((r) => r.idempotencyKey === `refund-${paymentId}`)?.amountPaise).toBe(120_000);
    const reminders = (await findJobsByType(db, REMINDER_JOB)).filter((j) => j.payload.includes(booking.id));
    expect(reminders.map((j) => j.status)).toEqual(["skipped", "skipped"]);
    expect(
      (await findRecentOutboxMessages(db, 100)).filter(
        (m) => m.to_address === email && m.subject.startsWith("Reminder"),
      ),
    ).toHaveLength(0);

    const { items } = json<{ items: { type: string }[] }>(await t().request({ url: "/api/notifications", cookie }));
    expect(items.map((n) => n.type)).toContain("booking_cancelled");
    expect(json(await cancel(booking.id, cookie))).toMatchObject({
      error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.cancelNotAllowed },
    });
  });

  it("refuses inside the 12-hour window and for someone else's booking", async () => {
    const early = await student(undefined, 12 * HOUR + 2 * MINUTE);
    const late = await student(undefined, 12 * HOUR - 2 * MINUTE);
    const refused = await cancel(late.booking.id, late.cookie);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      error: { code: "RESCHEDULE_WINDOW", message: DASHBOARD_MESSAGES.rescheduleWindow },
    });
    expect((await cancel(early.booking.id, late.cookie)).statusCode).toBe(404);
    expect((await cancel(early.booking.id, "")).statusCode).toBe(401);
    expect((await cancel(early.booking.id, early.cookie)).statusCode).toBe(200);
  });

  it("retries a refund the provider refused, with the same idempotency key", async () => {
    const { db } = t().app.deps;
    await runner().runDue();
    const { cookie, booking, paymentId } = await student();
    await cancel(booking.id, cookie);
    const keys: string[] = [];
    const flaky = createJobRunner(t().app.deps, {
      [REFUND_JOB]: refundJob(async (_deps, request) => {
        keys.push(request.idempotencyKey);
        if (keys.length === 1) throw new Error("gateway timeout");
        return { refundId: "rfnd_second_try" };
      }),
    });
    await flaky.runDue();
    expect(
      (await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirst())?.status,
    ).toBe("refund_pending");
    await flaky.runDue(() => new Date(Date.now() + 10 * MINUTE));
    const payment = await db
      .selectFrom("payments")
      .select(["status", "refund_id"])
      .where("id", "=", paymentId)
      .executeTakeFirst();
    expect(payment).toEqual({ status: "refunded", refund_id: "rfnd_second_try" });
    expect(keys).toEqual([`refund-${paymentId}`, `refund-${paymentId}`]);
  });

  it("an admin cancels a slot: every student is cancelled, refunded and told; holds and checkouts are released", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const slot = await slotAt(30 * HOUR, { capacity: 4 });
    const a = await student({ id: slot.id });
    const b = await student({ id: slot.id });
    const pending = await buildBooking(db, {
      user_id: "checkout-user",
      target_id: slot.id,
      status: "pending_payment",
      seat_expires_at: at(10 * MINUTE),
    });
    await db
      .insertInto("holds")
      .values({
        id: randomUUID(),
        user_id: "holder",
        kind: "mock",
        target_id: slot.id,
        expires_at: at(5 * MINUTE),
        created_at: new Date().toISOString(),
      })
      .execute();

    expect(
      (await t().request({ method: "POST", url: `/api/admin/slots/${slot.id}/cancel`, cookie: a.cookie, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t().request({ method: "POST", url: `/api/admin/slots/${slot.id}/cancel`, payload: {} })).statusCode,
    ).toBe(401);

    const res = await t().request({
      method: "POST",
      url: `/api/admin/slots/${slot.id}/cancel`,
      cookie: admin,
      payload: { reason: "Interviewer unwell" },
    });
    expect(json(res)).toEqual({ cancelledBookings: 2, refundsQueued: 2 });
    const statuses = await db
      .selectFrom("bookings")
      .select(["id", "status"])
      .where("target_id", "=", slot.id)
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [a.booking.id]: "cancelled",
      [b.booking.id]: "cancelled",
      [pending.id]: "cancelled",
    });
    expect((await countSeatsTaken(db, [slot.id], new Date().toISOString())).get(slot.id)).toBe(0);
    expect(
      (await db.selectFrom("slots").select("cancelled_at").where("id", "=", slot.id).executeTakeFirst())?.cancelled_at,
    ).toEqual(expect.any(String));
    const mails = await findRecentOutboxMessages(db, 100);
    for (const s of [a, b]) {
      const mail = mails.find((m) => m.to_address === s.email && m.subject.startsWith("Cancelled"));
      expect(mail?.text).toContain("we had to cancel");
      expect(mail?.text).toContain("Reason: Interviewer unwell");
      const { items } = json<{ items: { type: string; title: string }[] }>(
        await t().request({ url: "/api/notifications", cookie: s.cookie }),
      );
      expect(items[0]).toMatchObject({
        type: "booking_cancelled",
        title: "Service-based mock interview was cancelled by CareerPrep",
      });
    }
    await runner().runDue();
    const payments = await db
      .selectFrom("payments")
      .select("status")
      .where("id", "in", [a.paymentId, b.paymentId])
      .execute();
    expect(payments.map((p) => p.status)).toEqual(["refunded", "refunded"]);

    const again = await t().request({
      method: "POST",
      url: `/api/admin/slots/${slot.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(again)).toEqual({ error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.alreadyCancelled } });
  });

  it("an admin cancels a whole internship batch before it starts: every enrolment refunded and told, holds refused", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const batch = await buildInternship(db, { title: "Batch to cancel", start_date: inDaysDate(20) });
    const first = await student({ id: batch.id, kind: "internship" });
    const second = await student({ id: batch.id, kind: "internship" });
    const res = await t().request({
      method: "POST",
      url: `/api/admin/internships/${batch.id}/cancel`,
      cookie: admin,
      payload: { reason: "Mentor unavailable" },
    });
    expect(json(res)).toEqual({ cancelledBookings: 2, refundsQueued: 2 });
    for (const s of [first, second]) {
      const { sessions } = json<{ sessions: DashboardSession[] }>(
        await t().request({ url: "/api/dashboard", cookie: s.cookie }),
      );
      expect(sessions.find((x) => x.bookingId === s.booking.id)).toMatchObject({
        status: "cancelled",
        cancelReason: "Mentor unavailable",
      });
      const mail = (await findRecentOutboxMessages(db, 100)).find(
        (m) => m.to_address === s.email && /cancel/i.test(m.subject),
      );
      expect(mail).toBeDefined();
    }
    const newcomer = await t().signIn(`late-intern-${randomUUID().slice(0, 6)}@example.com`);
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: newcomer,
      payload: { kind: "internship", targetId: batch.id },
    });
    expect(hold.statusCode).toBe(404);
    const listed = json<{ internships: { id: string; cancelledAt: string | null }[] }>(
      await t().request({ url: "/api/admin/internships", cookie: admin }),
    );
    expect(listed.internships.find((i) => i.id === batch.id)?.cancelledAt).not.toBeNull();

    const again = await t().request({
      method: "POST",
      url: `/api/admin/internships/${batch.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(again)).toMatchObject({ error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.alreadyCancelled } });
    const running = await buildInternship(db, { start_date: inDaysDate(-2) });
    const late = await t().request({
      method: "POST",
      url: `/api/admin/internships/${running.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(late)).toMatchObject({ error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.sessionStarted } });
  });

  it("an admin cancels a workshop session and a single booking, even inside 12 hours", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const workshop = await buildWorkshop(db, { start_at: at(20 * HOUR), end_at: at(22 * HOUR) });
    const w = await student({ id: workshop.id, kind: "workshop" });
    const res = await t().request({
      method: "POST",
      url: `/api/admin/workshops/${workshop.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(res)).toEqual({ cancelledBookings: 1, refundsQueued: 1 });
    const { sessions } = json<{ sessions: DashboardSession[] }>(
      await t().request({ url: "/api/dashboard", cookie: w.cookie }),
    );
    expect(sessions.find((s) => s.bookingId === w.booking.id)?.status).toBe("cancelled");

    const soon = await student(undefined, 2 * HOUR);
    const single = await t().request({
      method: "POST",
      url: `/api/admin/bookings/${soon.booking.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(single)).toEqual({ cancelledBookings: 1, refundsQueued: 1 });

    const started = await slotAt(-10 * MINUTE);
    const late = await t().request({
      method: "POST",
      url: `/api/admin/slots/${started.id}/cancel`,
      cookie: admin,
      payload: {},
    });
    expect(json(late)).toEqual({ error: { code: "CONFLICT", message: DASHBOARD_MESSAGES.sessionStarted } });
  });
});

async function findBookingSessionStart(db: Db, slotId: string) {
  return (await db.selectFrom("slots").select("start_at").where("id", "=", slotId).executeTakeFirst())?.start_at;
}
