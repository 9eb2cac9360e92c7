import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import type { BookingSession } from "../sessions/index.js";
import { sessionInviteAttachment } from "../sessions/invite.js";

/** The updated invite keeps the booking's UID with a higher sequence, so calendars move the event. */
export async function sendRescheduledEmail(
  deps: AppDeps,
  moved: BookingSession,
  before: BookingSession,
): Promise<void> {
  const { timeZone, timeZoneLabel, publicUrl } = deps.config;
  const from = formatInstant(before.startAt, timeZone, timeZoneLabel);
  const to = formatInstant(moved.startAt, timeZone, timeZoneLabel);
  try {
    await deps.mailer.send({
      to: moved.userEmail,
      subject: `Rescheduled: ${moved.title} on ${to}`,
      text: [
        `Hello ${moved.userName || "there"},`,
        "",
        `Your ${moved.title} has moved.`,
        `Was: ${from}`,
        `Now: ${to}${moved.interviewerName ? ` with ${moved.interviewerName}` : ""}`,
        "",
        "The attached invite updates the event in your calendar.",
        `Manage your session: ${publicUrl}/dashboard`,
      ].join("\n"),
      html: layoutEmail(
        "Your interview has moved",
        `<p>Your ${escapeHtml(moved.title)} has moved.</p>
<p>Was: <s>${escapeHtml(from)}</s><br>Now: <strong>${escapeHtml(to)}</strong></p>
<p>The attached invite updates the event in your calendar.</p>
<p><a href="${escapeHtml(publicUrl)}/dashboard">Manage your session</a></p>`,
      ),
      attachments: [sessionInviteAttachment(deps, moved, "REQUEST")],
    });
  } catch (err) {
    // The move is committed and shown on the dashboard; a mail outage must not turn it into an error.
    deps.log.error({ err, bookingId: moved.bookingId }, "reschedule e-mail failed");
  }
}
