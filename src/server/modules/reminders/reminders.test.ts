import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppDeps } from "../../app-deps.js";
import { type DatabaseHandle, openDatabase } from "../../db/database.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { findJobsByType } from "../../infrastructure/jobs/repository.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { jobHandlers } from "../index.js";
import { REMINDER_JOB, scheduleReminders } from "./service.js";

const HOUR = 3_600_000;

describeEachDialect("session reminders", (t) => {
  let other: DatabaseHandle;
  let otherDeps: AppDeps;
  beforeAll(() => {
    other = openDatabase(t().databaseUrl);
    otherDeps = { ...t().app.deps, db: other.db };
  });
  afterAll(async () => {
    await other.close();
  });

  async function bookedStudent(email: string, startInHours = 48) {
    const { db } = t().app.deps;
    const cookie = await t().signIn(email);
    const userId = await findUserId(db, email);
    const start = new Date(Date.now() + startInHours * HOUR);
    const slot = await buildSlot(db, {
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
    });
    const booking = await buildBooking(db, { user_id: userId, target_id: slot.id });
    return { cookie, userId, slot, booking, start };
  }

  const remindersTo = async (email: string) =>
    (await findRecentOutboxMessages(t().app.deps.db, 500)).filter(
      (m) => m.to_address === email && m.subject.startsWith("Reminder:"),
    );

  it("sends the 24-hour and 1-hour reminders once each, with two workers running", async () => {
    const email = "remind-me@example.com";
    const { db } = t().app.deps;
    const { booking, slot, start, cookie } = await bookedStudent(email);
    expect(await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at })).toBe(2);
    expect(await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at })).toBe(0);

    const a = createJobRunner(t().app.deps, jobHandlers, "a");
    const b = createJobRunner(otherDeps, jobHandlers, "b");
    const at = (ms: number) => () => new Date(ms);

    await Promise.all([a.runDue(), b.runDue()]);
    expect(await remindersTo(email)).toHaveLength(0);

    const dayBefore = start.getTime() - 24 * HOUR + 1000;
    await Promise.all([a.runDue(at(dayBefore)), b.runDue(at(dayBefore)), a.runDue(at(dayBefore))]);
    let mails = await remindersTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Reminder: Service-based mock interview starts in 24 hours"]);
    expect(mails[0]?.text).toContain("IST");

    const hourBefore = start.getTime() - HOUR + 1000;
    await Promise.all([a.runDue(at(hourBefore)), b.runDue(at(hourBefore))]);
    await Promise.all([a.runDue(at(hourBefore + 60_000)), b.runDue(at(hourBefore + 60_000))]);
    mails = await remindersTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Reminder: Service-based mock interview starts in 1 hour",
      "Reminder: Service-based mock interview starts in 24 hours",
    ]);

    const { items } = json<{ items: { type: string; title: string }[] }>(
      await t().request({ url: "/api/notifications", cookie }),
    );
    expect(items.filter((n) => n.type === "reminder").map((n) => n.title)).toEqual([
      "Service-based mock interview starts in 1 hour",
      "Service-based mock interview starts in 24 hours",
    ]);
  });

  it("skips the reminders of a cancelled booking", async () => {
    const email = "cancelled-remind@example.com";
    const { db } = t().app.deps;
    const { booking, slot, start } = await bookedStudent(email);
    await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at });
    await db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", booking.id).execute();

    await createJobRunner(t().app.deps, jobHandlers).runDue(() => new Date(start.getTime() - HOUR + 1000));
    expect(await remindersTo(email)).toHaveLength(0);
    const jobs = (await findJobsByType(db, REMINDER_JOB)).filter((j) => j.payload.includes(booking.id));
    expect(jobs.map((j) => j.status)).toEqual(["skipped", "skipped"]);
  });

  it("skips reminders scheduled for a start the booking has moved away from", async () => {
    const email = "moved-remind@example.com";
    const { db } = t().app.deps;
    const { booking, slot, start } = await bookedStudent(email);
    await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at });
    const later = await buildSlot(db, {
      start_at: new Date(start.getTime() + 72 * HOUR).toISOString(),
      end_at: new Date(start.getTime() + 72.75 * HOUR).toISOString(),
    });
    await db.updateTable("bookings").set({ target_id: later.id }).where("id", "=", booking.id).execute();
    await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: later.start_at });

    const runner = createJobRunner(t().app.deps, jobHandlers);
    await runner.runDue(() => new Date(start.getTime() - HOUR + 1000));
    expect(await remindersTo(email)).toHaveLength(0);
    await runner.runDue(() => new Date(start.getTime() + 48 * HOUR + 1000));
    expect((await remindersTo(email)).map((m) => m.subject)).toEqual([
      "Reminder: Service-based mock interview starts in 24 hours",
    ]);
  });

  it("follows a slot whose time an admin changed", async () => {
    const email = "edited-slot@example.com";
    const { db } = t().app.deps;
    const { booking, slot, start } = await bookedStudent(email, 96);
    await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at });
    const newStart = new Date(start.getTime() + 24 * HOUR);
    await db
      .updateTable("slots")
      .set({ start_at: newStart.toISOString(), end_at: new Date(newStart.getTime() + 45 * 60_000).toISOString() })
      .where("id", "=", slot.id)
      .execute();

    const runner = createJobRunner(t().app.deps, jobHandlers);
    await runner.runDue(() => new Date(start.getTime() - 24 * HOUR + 1000));
    expect(await remindersTo(email)).toHaveLength(0);
    await runner.runDue(() => new Date(newStart.getTime() - 24 * HOUR + 1000));
    expect((await remindersTo(email)).map((m) => m.subject)).toEqual([
      "Reminder: Service-based mock interview starts in 24 hours",
    ]);
  });

  it("leaves out a reminder whose time has already passed", async () => {
    const { db } = t().app.deps;
    const { booking, slot } = await bookedStudent("soon@example.com", 3);
    expect(await scheduleReminders(db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at })).toBe(1);
    expect(await scheduleReminders(db, { bookingId: booking.id, kind: "internship", startAt: slot.start_at })).toBe(0);
  });
});
