import ICAL from "ical.js";
import { expect, it } from "vitest";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { Dashboard } from "../../../shared/schemas/dashboard.js";
import type { NotificationList } from "../../../shared/schemas/notifications.js";
import type { AdminScorecardView } from "../../../shared/schemas/scorecards.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import type { BookingsTable } from "../../db/schema.js";
import { findJobsByType } from "../../infrastructure/jobs/repository.js";
import {
  buildBooking,
  buildInternship,
  buildScorecard,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { onBookingConfirmed } from "../payments/booking-confirmed.js";
import { REMINDER_JOB } from "../reminders/service.js";
import { inviteUid } from "../sessions/invite.js";

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describeEachDialect("student dashboard", (t) => {
  const dashboard = async (cookie: string) => json<Dashboard>(await t().request({ url: "/api/dashboard", cookie }));

  async function mockAt(userId: string, startInHours: number, overrides: Partial<BookingsTable> = {}) {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, {
      start_at: hoursFromNow(startInHours),
      end_at: hoursFromNow(startInHours + 0.75),
    });
    return { slot, booking: await buildBooking(db, { user_id: userId, target_id: slot.id, ...overrides }) };
  }

  async function scorecard(bookingId: string, overall: number) {
    await buildScorecard(t().app.deps.db, bookingId, {
      scores: JSON.stringify({ resume: overall, technical: overall, hr: overall }),
      overall,
      tags: JSON.stringify(["Structured"]),
      notes: "Good",
    });
  }

  it("needs a signed-in user", async () => {
    expect((await t().request({ url: "/api/dashboard" })).statusCode).toBe(401);
  });

  it("tells a student without a booking to book one, with empty stats, and never greets them by their e-mail", async () => {
    const cookie = await t().signIn("new-student@example.com");
    const data = await dashboard(cookie);
    expect(data).toMatchObject({
      firstName: "",
      hasBooking: false,
      sessions: [],
      internship: null,
      stats: { nextInterviewAt: null, averageRating: null, completedMocks: 0, practiceMinutes: 0 },
    });
    expect(data.goals.map((g) => g.current)).toEqual([0, 0, 0, 0]);
    expect(data.resumeUrl).toBeNull();
  });

  it("shows the student's own sessions with stats, feedback, internship week and goals", async () => {
    const { db } = t().app.deps;
    const cookie = await t().signIn("busy@example.com");
    const userId = await findUserId(db, "busy@example.com");
    await t().signIn("bystander@example.com");
    const otherId = await findUserId(db, "bystander@example.com");

    const next = await mockAt(userId, 48);
    const later = await mockAt(userId, 96);
    const soon = await mockAt(userId, 11);
    const done1 = await mockAt(userId, -48, { status: "completed" });
    const done2 = await mockAt(userId, -24, { status: "completed" });
    await scorecard(done1.booking.id, 4);
    await scorecard(done2.booking.id, 3);
    const cancelled = await mockAt(userId, 30, { status: "cancelled", cancel_reason: "Exam clash" });
    await mockAt(userId, 50, { status: "pending_payment" });
    await mockAt(otherId, 20);
    const workshop = await buildWorkshop(db, { start_at: hoursFromNow(-5), end_at: hoursFromNow(-3) });
    await buildBooking(db, {
      user_id: userId,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_dsa",
      status: "completed",
    });
    const today = zonedDate(new Date(), "Asia/Kolkata");
    const internship = await buildInternship(db, { start_date: addDays(today, -8), weeks: 2 });
    await buildBooking(db, {
      user_id: userId,
      target_id: internship.id,
      kind: "internship",
      package_key: "int_frontend",
    });

    const data = await dashboard(cookie);
    expect(data.hasBooking).toBe(true);
    expect(data.sessions).toHaveLength(8);
    expect(data.stats).toEqual({
      nextInterviewAt: soon.slot.start_at,
      averageRating: 3.5,
      ratedSessions: 2,
      completedMocks: 2,
      practiceMinutes: 45 + 45 + 120,
    });

    const byId = new Map(data.sessions.map((s) => [s.bookingId, s]));
    expect(byId.get(next.booking.id)).toMatchObject({
      canCancel: true,
      canReschedule: true,
      meetingLink: null,
      status: "confirmed",
      // Built straight into the database, never paid: no invoice, so no receipt link.
      receiptUrl: null,
    });
    expect(byId.get(later.booking.id)?.canReschedule).toBe(true);
    expect(byId.get(soon.booking.id)).toMatchObject({ canCancel: false, canReschedule: false });
    expect(byId.get(cancelled.booking.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Exam clash",
      canCancel: false,
    });
    expect(byId.get(done1.booking.id)?.scorecard).toMatchObject({ overall: 4, tags: ["Structured"] });
    expect(byId.get(next.booking.id)?.googleCalendarUrl).toContain("calendar.google.com");
    // Nothing to add to a calendar once a session is over or cancelled.
    expect(byId.get(done1.booking.id)?.googleCalendarUrl).toBeNull();
    expect(byId.get(cancelled.booking.id)?.googleCalendarUrl).toBeNull();

    expect(data.internship).toMatchObject({ title: internship.title, currentWeek: 2, weeks: 2, mentor: "Ananya Iyer" });
    expect(data.internship?.weekPlans).toHaveLength(2);
    expect(data.goals.find((g) => g.id === "mocks")).toMatchObject({ current: 2, target: 3 });
    expect(data.goals.find((g) => g.id === "rating")).toMatchObject({ current: 3.5, target: 4 });
    expect(data.goals.find((g) => g.id === "workshop")).toMatchObject({ current: 1, target: 1 });
  });

  it("keeps a resume link that counts toward the profile goal and reaches the interviewer", async () => {
    const cookie = await t().signIn("resume@example.com");
    const userId = await findUserId(t().app.deps.db, "resume@example.com");
    const save = (url: string) => t().request({ method: "PUT", url: "/api/me/resume", cookie, payload: { url } });

    const bad = await save("my resume");
    expect(json(bad)).toEqual({
      error: { code: "VALIDATION", message: DASHBOARD_MESSAGES.resumeUrlInvalid, field: "url" },
    });
    expect(json(await save("https://drive.example.com/resume.pdf"))).toEqual({
      url: "https://drive.example.com/resume.pdf",
    });
    const data = await dashboard(cookie);
    expect(data.resumeUrl).toBe("https://drive.example.com/resume.pdf");
    expect(data.goals.find((g) => g.id === "profile")).toMatchObject({ current: 1, target: 3 });

    const { booking } = await mockAt(userId, -2);
    const admin = await t().signInAdmin();
    const view = json<AdminScorecardView>(
      await t().request({ url: `/api/admin/bookings/${booking.id}/scorecard`, cookie: admin }),
    );
    expect(view.booking.studentResumeUrl).toBe("https://drive.example.com/resume.pdf");

    expect(json(await save(""))).toEqual({ url: null });
    expect((await dashboard(cookie)).resumeUrl).toBeNull();
    expect((await t().request({ method: "PUT", url: "/api/me/resume", payload: { url: "" } })).statusCode).toBe(401);
  });

  it("downloads the student's own session as an .ics file that ical.js reads", async () => {
    const { db } = t().app.deps;
    const cookie = await t().signIn("calendar@example.com");
    const stranger = await t().signIn("calendar-stranger@example.com");
    const userId = await findUserId(db, "calendar@example.com");
    const { slot, booking } = await mockAt(userId, 40);
    const res = await t().request({ url: `/api/me/bookings/${booking.id}/calendar.ics`, cookie });
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="careerprep-mock-\d{4}-\d{2}-\d{2}\.ics"$/,
    );
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent("vevent") ?? undefined);
    expect(event.uid).toBe(inviteUid(booking.id));
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(Date.parse(slot.start_at) / 1000) * 1000);
    expect(
      (await t().request({ url: `/api/me/bookings/${booking.id}/calendar.ics`, cookie: stranger })).statusCode,
    ).toBe(404);
  });

  it("arms reminders and tells the student when a booking is confirmed", async () => {
    const { db } = t().app.deps;
    const cookie = await t().signIn("confirmed@example.com");
    const userId = await findUserId(db, "confirmed@example.com");
    const { booking } = await mockAt(userId, 72);
    await onBookingConfirmed(t().app.deps, booking.id);
    await onBookingConfirmed(t().app.deps, booking.id);
    const reminders = (await findJobsByType(db, REMINDER_JOB)).filter((j) => j.payload.includes(booking.id));
    expect(reminders).toHaveLength(2);
    const { items } = json<NotificationList>(await t().request({ url: "/api/notifications", cookie }));
    expect(items[0]).toMatchObject({
      type: "booking_confirmed",
      title: "Service-based mock interview confirmed",
      link: "/dashboard?tab=interviews",
    });
    expect(items[0]?.body).toContain("Reschedule or cancel up to 12 hours before the start.");
  });

  it("shows the join link once an admin sets it, the booking's own link first", async () => {
    const { db } = t().app.deps;
    const cookie = await t().signIn("joiner@example.com");
    const userId = await findUserId(db, "joiner@example.com");
    const { slot, booking } = await mockAt(userId, 30);
    const link = async () => (await dashboard(cookie)).sessions.find((s) => s.bookingId === booking.id)?.meetingLink;
    expect(await link()).toBeNull();
    await db
      .updateTable("slots")
      .set({ meeting_link: "https://meet.example.com/slot" })
      .where("id", "=", slot.id)
      .execute();
    expect(await link()).toBe("https://meet.example.com/slot");
    await db
      .updateTable("bookings")
      .set({ meeting_link: "https://meet.example.com/mine" })
      .where("id", "=", booking.id)
      .execute();
    expect(await link()).toBe("https://meet.example.com/mine");
  });
});
