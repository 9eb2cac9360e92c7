import type { Transaction } from "kysely";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Database } from "../../db/schema.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { addNotification, announceNotification } from "../notifications/service.js";
import { sendPhoneAlert } from "../phone-alerts/service.js";
import { scheduleReminders } from "../reminders/service.js";
import { type BookingSession, findBookingSessions } from "../sessions/index.js";
import { sessionInviteAttachment } from "../sessions/invite.js";
import { markBookingsMoved } from "./repository.js";

/** A booked student's session before and after the admin moved it. */
export interface MovedBooking {
  before: BookingSession;
  after: BookingSession;
}

/**
 * Inside the edit's transaction, after the slot row has its new times: every paid booking gets the
 * next invite sequence (same UID, so calendars move the event), reminders for the new start, an
 * in-app notice and the right to cancel for a full refund until the start (docs/product.md,
 * Reschedule and cancel). `before` are the sessions read before the slot changed.
 */
export async function moveBookedStudents(
  deps: AppDeps,
  trx: Transaction<Database>,
  slotId: string,
  before: BookingSession[],
  now: Date,
): Promise<MovedBooking[]> {
  if (before.length === 0) return [];
  const { timeZone, timeZoneLabel } = deps.config;
  await markBookingsMoved(trx, slotId, now.toISOString());
  const after = await findBookingSessions(trx, timeZone, { targetId: slotId, statuses: ["confirmed"] });
  const moved: MovedBooking[] = [];
  for (const session of after) {
    const was = before.find((b) => b.bookingId === session.bookingId);
    if (!was) continue;
    await scheduleReminders(trx, { bookingId: session.bookingId, kind: "mock", startAt: session.startAt }, now);
    await addNotification(trx, {
      userId: session.userId,
      type: "booking_rescheduled",
      title: "Your interview has a new time",
      body: `${session.title} moved to ${formatInstant(session.startAt, timeZone, timeZoneLabel)}. If it does not suit you, cancel for a full refund.`,
      link: "/dashboard?tab=interviews",
    });
    moved.push({ before: was, after: session });
  }
  return moved;
}

/** After the commit: the bell and an e-mail with the updated invite for every moved student. */
export async function announceMovedBookings(deps: AppDeps, moved: MovedBooking[]): Promise<void> {
  for (const { before, after } of moved) {
    await announceNotification(deps.bus, after.userId);
    await sendSlotMovedEmail(deps, after, before);
    const { timeZone, timeZoneLabel } = deps.config;
    await sendPhoneAlert(deps, {
      userId: after.userId,
      kind: "session_moved",
      variables: [
        after.title,
        formatInstant(before.startAt, timeZone, timeZoneLabel),
        formatInstant(after.startAt, timeZone, timeZoneLabel),
      ],
    });
  }
}

async function sendSlotMovedEmail(deps: AppDeps, moved: BookingSession, before: BookingSession): Promise<void> {
  const { timeZone, timeZoneLabel, publicUrl } = deps.config;
  const from = formatInstant(before.startAt, timeZone, timeZoneLabel);
  const to = formatInstant(moved.startAt, timeZone, timeZoneLabel);
  const cancel =
    "If the new time does not suit you, cancel it from your dashboard for a full refund, even within 12 hours of the start.";
  try {
    await deps.mailer.send({
      to: moved.userEmail,
      subject: `New time: ${moved.title} on ${to}`,
      text: [
        `Hello ${moved.userName || "there"},`,
        "",
        `We had to move your ${moved.title}.`,
        `Was: ${from}`,
        `Now: ${to}${moved.interviewerName ? ` with ${moved.interviewerName}` : ""}`,
        "",
        "The attached invite updates the event in your calendar.",
        cancel,
        `Your sessions: ${publicUrl}/dashboard?tab=interviews`,
      ].join("\n"),
      html: layoutEmail(
        "Your interview has a new time",
        `<p>We had to move your ${escapeHtml(moved.title)}.</p>
<p>Was: <s>${escapeHtml(from)}</s><br>Now: <strong>${escapeHtml(to)}</strong></p>
<p>The attached invite updates the event in your calendar.</p>
<p>${escapeHtml(cancel)}</p>
<p><a href="${escapeHtml(publicUrl)}/dashboard?tab=interviews">Your sessions</a></p>`,
      ),
      attachments: [sessionInviteAttachment(deps, moved, "REQUEST")],
    });
  } catch (err) {
    // The move is committed and shown on the dashboard; a mail outage must not undo it.
    deps.log.error({ err, bookingId: moved.bookingId }, "moved-slot e-mail failed");
  }
}
