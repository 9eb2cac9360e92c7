import type { Transaction } from "kysely";
import { z } from "zod";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import type { BookingKind, Database } from "../../db/schema.js";
import { enqueueJob, type JobOutcome } from "../../infrastructure/jobs/queue.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { notifyUser } from "../notifications/service.js";
import { sendPhoneAlert } from "../phone-alerts/service.js";
import { type BookingSession, findBookingSession } from "../sessions/index.js";

export const REMINDER_JOB = "reminder";

/** E-mails 24 hours and 1 hour before each session (docs/product.md, After the session). */
export const REMINDER_LEADS = [
  { lead: "24h", hours: 24, words: "24 hours" },
  { lead: "1h", hours: 1, words: "1 hour" },
] as const;

/** Internships run for weeks from a start date; only dated sessions get reminders. */
const REMINDED_KINDS: readonly BookingKind[] = ["mock", "workshop"];

const reminderPayload = z.object({
  bookingId: z.string(),
  /** The start the reminder was scheduled for: a moved session no longer matches it. */
  startAt: z.string(),
  lead: z.enum(["24h", "1h"]),
});

/**
 * Enqueues the reminders of a booking for its current start. Leads already past are left out
 * (a booking made 3 hours ahead gets only the 1-hour reminder). Safe to call again: each
 * (booking, start, lead) is enqueued once.
 */
export async function scheduleReminders(
  db: Db | Transaction<Database>,
  session: { bookingId: string; kind: BookingKind; startAt: string },
  now = new Date(),
): Promise<number> {
  if (!REMINDED_KINDS.includes(session.kind)) return 0;
  const start = Date.parse(session.startAt);
  let enqueued = 0;
  for (const { lead, hours } of REMINDER_LEADS) {
    const runAt = new Date(start - hours * 3_600_000);
    if (runAt <= now) continue;
    const added = await enqueueJob(db, {
      type: REMINDER_JOB,
      payload: { bookingId: session.bookingId, startAt: session.startAt, lead },
      runAt,
      dedupeKey: `${REMINDER_JOB}:${session.bookingId}:${new Date(start).toISOString()}:${lead}`,
    });
    if (added) enqueued += 1;
  }
  return enqueued;
}

/** Sends one reminder, unless the booking was cancelled or moved since it was scheduled. */
export async function runReminderJob(deps: AppDeps, raw: unknown): Promise<JobOutcome> {
  const payload = reminderPayload.parse(raw);
  const session = await findBookingSession(deps.db, deps.config.timeZone, payload.bookingId);
  if (session?.status !== "confirmed") return "skipped";
  if (Date.parse(session.startAt) !== Date.parse(payload.startAt)) {
    // Moved (rescheduled, or the slot's time edited): make sure the new start has its reminders.
    await scheduleReminders(deps.db, session);
    return "skipped";
  }
  if (Date.parse(session.startAt) <= Date.now()) return "skipped";

  const lead = REMINDER_LEADS.find((l) => l.lead === payload.lead) ?? REMINDER_LEADS[0];
  const when = formatInstant(session.startAt, deps.config.timeZone, deps.config.timeZoneLabel);
  await deps.mailer.send(reminderEmail(deps, session, lead.words, when));
  await notifyUser(deps, {
    userId: session.userId,
    type: "reminder",
    title: `${session.title} starts in ${lead.words}`,
    body: session.meetingLink ? `${when}. Your join link is on the dashboard.` : `${when}.`,
    link: "/dashboard",
  });
  // Only the last reminder is time-critical enough for the phone (docs/operations.md, News on the phone).
  if (lead.lead === "1h") {
    const dashboard = `${deps.config.publicUrl}/dashboard`;
    await sendPhoneAlert(deps, {
      userId: session.userId,
      kind: "reminder",
      variables: [session.title, when, dashboard],
    });
  }
  return "done";
}

function reminderEmail(deps: AppDeps, session: BookingSession, leadWords: string, when: string) {
  const dashboard = `${deps.config.publicUrl}/dashboard`;
  const join = session.meetingLink
    ? `Join link: ${session.meetingLink}`
    : "The join link will appear on your dashboard.";
  const text = [
    `Hello ${session.userName || "there"},`,
    "",
    `Your ${session.title} starts in ${leadWords}: ${when}.`,
    join,
    "",
    `Manage your session: ${dashboard}`,
  ].join("\n");
  const html = layoutEmail(
    `Starts in ${leadWords}`,
    `<p>Your <strong>${escapeHtml(session.title)}</strong> starts ${escapeHtml(when)}.</p>
<p>${session.meetingLink ? `<a href="${escapeHtml(session.meetingLink)}">Join the session</a>` : "The join link will appear on your dashboard."}</p>
<p><a href="${escapeHtml(dashboard)}">Open your dashboard</a></p>`,
  );
  return { to: session.userEmail, subject: `Reminder: ${session.title} starts in ${leadWords}`, text, html };
}
