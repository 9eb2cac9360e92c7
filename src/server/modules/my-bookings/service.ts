import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { BookingConfirmation } from "../../../shared/schemas/confirmation.js";
import type { DashboardSession, SESSION_STATUSES } from "../../../shared/schemas/dashboard.js";
import type { Scorecard } from "../../../shared/schemas/scorecards.js";
import type { AppDeps } from "../../app-deps.js";
import type { CertificatesTable } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findCertificateByBooking } from "../certificates/index.js";
import { quoteOfBooking } from "../coupons/service.js";
import { findScorecardByBooking } from "../scorecards/index.js";
import { toScorecard } from "../scorecards/mapping.js";
import { googleCalendarUrl } from "../sessions/calendar-link.js";
import { findBookingSession, type StudentSession } from "../sessions/index.js";
import { changeDeadline } from "../sessions/service.js";

export type ShownStatus = (typeof SESSION_STATUSES)[number];

/** One of the user's sessions in its dashboard shape (after a change, for the client to show). */
export async function getDashboardSession(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
): Promise<DashboardSession> {
  const [row, scorecardRow, certificateRow] = await Promise.all([
    findBookingSession(deps.db, deps.config.timeZone, bookingId),
    findScorecardByBooking(deps.db, bookingId),
    findCertificateByBooking(deps.db, bookingId),
  ]);
  if (!row || row.userId !== user.id) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  return toDashboardSession(
    deps,
    row,
    new Date(),
    scorecardRow ? toScorecard(scorecardRow, row.packageKey) : null,
    certificateRow ? certificateBadge(certificateRow) : null,
  );
}

export function certificateBadge(row: CertificatesTable): NonNullable<DashboardSession["certificate"]> {
  return { code: row.code, status: row.revoked_at ? "revoked" : "valid" };
}

export function toDashboardSession(
  deps: AppDeps,
  row: StudentSession,
  now: Date,
  scorecard: Scorecard | null,
  certificate: DashboardSession["certificate"],
): DashboardSession {
  const deadline = changeDeadline(row.startAt);
  const open = row.status === "confirmed" && now < deadline;
  // Moved by an admin after payment: a free cancel until it starts, even inside the window.
  const movedByUs = row.status === "confirmed" && row.movedAt !== null && now.getTime() < Date.parse(row.startAt);
  return {
    bookingId: row.bookingId,
    kind: row.kind,
    packageKey: row.packageKey,
    packageLabel: row.packageLabel,
    status: row.status as ShownStatus,
    title: row.title,
    startAt: row.startAt,
    endAt: row.endAt,
    meetingLink: row.status === "confirmed" ? row.meetingLink : null,
    interviewerName: row.interviewerName,
    level: row.level,
    cancelReason: row.cancelReason,
    amountPaise: row.amountPaise,
    changeDeadline: deadline.toISOString(),
    canCancel: open || movedByUs,
    canReschedule: open && row.kind === "mock",
    googleCalendarUrl:
      row.status === "confirmed"
        ? googleCalendarUrl({
            title: row.title,
            startAt: row.startAt,
            endAt: row.endAt,
            details: `${row.title} with CareerPrep. Manage it at ${deps.config.publicUrl}/dashboard`,
            location: row.meetingLink ?? undefined,
          })
        : null,
    scorecard,
    certificate,
    receiptUrl: row.hasReceipt ? `/api/me/bookings/${encodeURIComponent(row.bookingId)}/receipt.pdf` : null,
  };
}

/** The confirmed booking as the confirmation page shows it (docs/product.md, Booking flow). */
export async function getBookingConfirmation(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
): Promise<BookingConfirmation> {
  const session = await getDashboardSession(deps, user, bookingId);
  if (session.status !== "confirmed" && session.status !== "completed")
    throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  const price = await quoteOfBooking(deps.db, bookingId, session.amountPaise);
  return {
    session,
    price,
    icsUrl: `/api/me/bookings/${encodeURIComponent(bookingId)}/calendar.ics`,
  };
}
