import { formatPaise } from "../../../shared/money.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { receiptAttachment } from "../invoices/index.js";
import { googleCalendarUrl } from "../sessions/calendar-link.js";
import { type BookingSession, findBookingSession } from "../sessions/index.js";
import { sessionInviteAttachment } from "../sessions/invite.js";

function whenText(deps: AppDeps, session: BookingSession): string {
  const { timeZone, timeZoneLabel } = deps.config;
  return session.kind === "internship"
    ? `starting ${formatDayLabel(zonedDate(new Date(session.startAt), timeZone))}`
    : formatInstant(session.startAt, timeZone, timeZoneLabel);
}

/** Booking confirmed: receipt, when, how to manage it, and the calendar invite (stable UID). */
export async function sendBookedMail(deps: AppDeps, bookingId: string): Promise<void> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session) return;
  const when = `${whenText(deps, session)}${session.interviewerName ? ` with ${session.interviewerName}` : ""}`;
  const dashboard = `${deps.config.publicUrl}/dashboard`;
  const google = googleCalendarUrl({
    title: session.title,
    startAt: session.startAt,
    endAt: session.endAt,
    details: `Manage it at ${dashboard}`,
  });
  const document = await receiptAttachment(deps, bookingId);
  const documentWords =
    document.kind === "invoice"
      ? "your tax invoice is attached"
      : document.kind
        ? "your payment receipt is attached"
        : "";
  await deps.mailer.send({
    to: session.userEmail,
    subject: `Booking confirmed: ${session.title}, ${when}`,
    text: [
      `Hello ${session.userName || "there"},`,
      "",
      `Your ${session.title} is confirmed, ${when}.`,
      `Paid: ${formatPaise(session.amountPaise)}${documentWords ? ` (${documentWords}, and on your dashboard)` : ""}`,
      "",
      "The attached invite adds it to your calendar. Google Calendar:",
      google,
      "",
      `Reschedule or cancel up to 12 hours before the start from your dashboard: ${dashboard}`,
    ].join("\n"),
    html: layoutEmail(
      "Your booking is confirmed",
      `<p>Your <strong>${escapeHtml(session.title)}</strong> is confirmed, ${escapeHtml(when)}.</p>
<p>Paid: ${escapeHtml(formatPaise(session.amountPaise))}</p>
<p>The attached invite adds it to your calendar, or <a href="${escapeHtml(google)}">add it to Google Calendar</a>.</p>
<p>Reschedule or cancel up to 12 hours before the start from <a href="${escapeHtml(dashboard)}">your dashboard</a>.</p>`,
    ),
    attachments: [sessionInviteAttachment(deps, session, "REQUEST"), ...document.attachments],
  });
}

/** Why a payment is handed back (docs/payments.md, The path of a booking). */
export const REFUND_REASONS = ["late", "replaced", "duplicate", "coupon"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

function refundText(reason: RefundReason, amount: string, title: string): string {
  const back = "We are refunding it in full; banks usually show it within 5-7 working days.";
  if (reason === "replaced")
    return `Your payment of ${amount} for ${title} was for a checkout you had replaced with a newer one, so it did not book a seat. ${back} Your booking is the one from your newer checkout.`;
  if (reason === "duplicate")
    return `Your payment of ${amount} for ${title} arrived after you already had a seat in that session. ${back} Your seat is unchanged.`;
  if (reason === "coupon")
    return `Your payment of ${amount} for ${title} arrived after your checkout had closed, and by then other students had used every redemption of its coupon, so it could not book a seat at the discount. ${back} You can book again at the current price.`;
  return `Your payment of ${amount} for ${title} arrived after your seat hold ran out, and the seat had been taken. ${back} Please pick another session.`;
}

/** A payment that booked nothing: the student is told the money is coming back, and why. */
export async function sendPaymentRefundNotice(deps: AppDeps, bookingId: string, reason: RefundReason): Promise<void> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session) return;
  const text = refundText(reason, formatPaise(session.amountPaise), session.title);
  const next =
    reason === "late" || reason === "coupon"
      ? `${deps.config.publicUrl}/onboarding`
      : `${deps.config.publicUrl}/dashboard`;
  await deps.mailer.send({
    to: session.userEmail,
    subject: `Refund on its way: ${session.title}`,
    text: `Hello ${session.userName || "there"},\n\n${text}\n\n${next}`,
    html: layoutEmail("Your payment is being refunded", `<p>${escapeHtml(text)}</p>`),
  });
}
