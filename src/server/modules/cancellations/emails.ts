import { formatPaise } from "../../../shared/money.js";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { sendPhoneAlert } from "../phone-alerts/service.js";
import type { BookingSession } from "../sessions/index.js";
import { sessionInviteAttachment } from "../sessions/invite.js";

/** The cancellation carries the booking's invite UID with METHOD:CANCEL, so calendars drop the event. */
export type CancelledBy = "student" | "admin";

export async function sendCancelledEmail(
  deps: AppDeps,
  session: BookingSession,
  by: CancelledBy,
  reason: string | null,
) {
  const { timeZone, timeZoneLabel, publicUrl } = deps.config;
  const when = formatInstant(session.startAt, timeZone, timeZoneLabel);
  const refund = `Your full refund of ${formatPaise(session.amountPaise)} is on its way to the way you paid; banks usually show it within 5–7 working days.`;
  const opening =
    by === "admin"
      ? `We are sorry: we had to cancel your ${session.title} on ${when}.`
      : `As you asked, your ${session.title} on ${when} is cancelled.`;
  try {
    await deps.mailer.send({
      to: session.userEmail,
      subject: `Cancelled: ${session.title} on ${when}`,
      text: [
        `Hello ${session.userName || "there"},`,
        "",
        opening,
        ...(reason ? [`Reason: ${reason}`] : []),
        refund,
        "",
        `Book another session: ${publicUrl}/onboarding`,
      ].join("\n"),
      html: layoutEmail(
        "Session cancelled",
        `<p>${escapeHtml(opening)}</p>${reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : ""}
<p>${escapeHtml(refund)}</p>
<p><a href="${escapeHtml(publicUrl)}/onboarding">Book another session</a></p>`,
      ),
      attachments: [sessionInviteAttachment(deps, session, "CANCEL")],
    });
  } catch (err) {
    // The cancellation and refund are committed; a mail outage must not turn them into an error.
    deps.log.error({ err, bookingId: session.bookingId }, "cancellation e-mail failed");
  }
  if (by === "admin") {
    await sendPhoneAlert(deps, { userId: session.userId, kind: "session_cancelled", variables: [session.title, when] });
  }
}
