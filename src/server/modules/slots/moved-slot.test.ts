import ICAL from "ical.js";
import { expect, it } from "vitest";
import type { DashboardSession } from "../../../shared/schemas/dashboard.js";
import { zonedDate, zonedTime } from "../../../shared/time.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildBooking, buildInterviewer, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { inviteUid } from "../sessions/invite.js";

const HOUR = 3_600_000;
const IST = "Asia/Kolkata";

/** A start a few hours ahead (inside the 12-hour window) whose 30 minutes end on the same IST day. */
function soonInsideWindow(): { date: string; start: string; end: string; startAt: string } {
  for (let hours = 2; hours < 12; hours++) {
    const start = new Date(Math.ceil((Date.now() + hours * HOUR) / 300_000) * 300_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    if (zonedDate(start, IST) === zonedDate(end, IST)) {
      return {
        date: zonedDate(start, IST),
        start: zonedTime(start, IST),
        end: zonedTime(end, IST),
        startAt: start.toISOString(),
      };
    }
  }
  throw new Error("no same-day half hour in the next 12 hours");
}

async function bookedSlot(t: TestApp, email: string) {
  const { db } = t.app.deps;
  const cookie = await t.signIn(email);
  const user_id = await findUserId(db, email);
  const interviewer = await buildInterviewer(db, { name: "Rahul Menon" });
  const slot = await buildSlot(db, { interviewer_id: interviewer.id, interviewer_name: interviewer.name });
  const booking = await buildBooking(db, { user_id, target_id: slot.id });
  return { cookie, interviewer, slot, booking };
}

const dashboardSession = async (t: TestApp, cookie: string, bookingId: string) =>
  json<{ sessions: DashboardSession[] }>(await t.request({ url: "/api/dashboard", cookie })).sessions.find(
    (s) => s.bookingId === bookingId,
  );

describeEachDialect("moving a booked slot", (t) => {
  it("tells its student (mail with the same invite UID, notification) and lets them cancel free inside 12 hours", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const email = "moved-student@example.com";
    const { cookie, interviewer, slot, booking } = await bookedSlot(t(), email);
    const soon = soonInsideWindow();

    const res = await t().request({
      method: "PUT",
      url: `/api/admin/slots/${slot.id}`,
      cookie: admin,
      payload: { interviewerId: interviewer.id, date: soon.date, start: soon.start, end: soon.end },
    });
    expect(res.statusCode).toBe(200);

    const mail = (await findRecentOutboxMessages(db, 50)).find(
      (m) => m.to_address === email && m.subject.startsWith("New time:"),
    );
    expect(mail?.text).toContain("cancel it from your dashboard for a full refund, even within 12 hours of the start");
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { content: string; contentType: string }[];
    expect(invite?.contentType).toContain("method=REQUEST");
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(invite?.content ?? "")).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.uid).toBe(inviteUid(booking.id));
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(soon.startAt);

    const { items } = json<{ items: { type: string; title: string }[] }>(
      await t().request({ url: "/api/notifications", cookie }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ type: "booking_rescheduled", title: "Your interview has a new time" }),
    );

    expect(await dashboardSession(t(), cookie, booking.id)).toMatchObject({ startAt: soon.startAt, canCancel: true });
    const cancelled = await t().request({
      method: "POST",
      url: `/api/me/bookings/${booking.id}/cancel`,
      cookie,
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await dashboardSession(t(), cookie, booking.id))?.status).toBe("cancelled");
  });

  it("leaves the 12-hour rule as it is for a slot whose time did not change", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const { cookie, interviewer, slot, booking } = await bookedSlot(t(), "unmoved-student@example.com");
    const soon = soonInsideWindow();
    await db
      .updateTable("slots")
      .set({ start_at: soon.startAt, end_at: new Date(Date.parse(soon.startAt) + 30 * 60_000).toISOString() })
      .where("id", "=", slot.id)
      .execute();
    const edited = await t().request({
      method: "PUT",
      url: `/api/admin/slots/${slot.id}`,
      cookie: admin,
      payload: {
        interviewerId: interviewer.id,
        date: soon.date,
        start: soon.start,
        end: soon.end,
        details: "New notes",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (await findRecentOutboxMessages(db, 50)).some(
        (m) => m.subject.startsWith("New time:") && m.to_address === "unmoved-student@example.com",
      ),
    ).toBe(false);
    expect((await dashboardSession(t(), cookie, booking.id))?.canCancel).toBe(false);
    const refused = await t().request({
      method: "POST",
      url: `/api/me/bookings/${booking.id}/cancel`,
      cookie,
      payload: {},
    });
    expect(json<{ error: { code: string } }>(refused).error.code).toBe("RESCHEDULE_WINDOW");
  });
});
