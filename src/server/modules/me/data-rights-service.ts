import { AppError } from "../../../shared/errors.js";
import { DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import type { AppDeps } from "../../app-deps.js";
import { announceSessionsEnded } from "../../infrastructure/auth/revocation.js";
import type { SessionUser } from "../../plugins/auth.js";
import { isAdminEmail } from "../admins/index.js";
import { recordAudit } from "../audit/index.js";
import { cancelOwnBooking } from "../cancellations/service.js";
import { closeUnpaidCheckouts, lockStudentForErasure, releaseReplacedSeats } from "../checkout/service.js";
import { releaseHold } from "../holds/service.js";
import { deleteResumeFilesOf } from "../profile/index.js";
import { deleteRecordingsOfStudent, recordingsForExport } from "../recordings/service.js";
import { findStudentSessions } from "../sessions/index.js";
import { changeDeadline } from "../sessions/service.js";
import { erasePersonalData, findHoldIdsOfUser, findPersonalData } from "./personal-data-repository.js";

/** Everything we hold about the student, as one JSON document they can keep (docs/product.md, Your data). */
export async function exportPersonalData(deps: AppDeps, user: SessionUser) {
  const [data, sessions, recordings] = await Promise.all([
    findPersonalData(deps.db, user.id, user.email),
    findStudentSessions(deps.db, deps.config.timeZone, user.id),
    recordingsForExport(deps, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    about: "Everything CareerPrep holds about you. Times are in UTC; amounts in paise (1/100 of a rupee).",
    ...data,
    bookings: sessions.map((s) => ({
      id: s.bookingId,
      kind: s.kind,
      plan: s.packageKey,
      title: s.title,
      startAt: s.startAt,
      endAt: s.endAt,
      status: s.status,
      amountPaise: s.amountPaise,
      interviewer: s.interviewerName,
      bookedAt: s.createdAt,
      cancelledAt: s.cancelledAt,
    })),
    recordings,
  };
}

/**
 * Deletes the student's account: held seats go back (to the waitlist first), bookings at least 12
 * hours away are cancelled and refunded as a student's own cancellation is, then personal data is
 * erased and unpaid checkouts closed in one transaction, and every session of theirs ends, here and
 * on other instances.
 */
export async function erasePersonalDataOf(deps: AppDeps, user: SessionUser, confirm: string): Promise<void> {
  if (confirm.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("VALIDATION", DATA_RIGHTS_MESSAGES.confirmMismatch, { field: "confirm" });
  }
  if (await isAdminEmail(deps.db, user.email)) throw new AppError("FORBIDDEN", DATA_RIGHTS_MESSAGES.adminCannotErase);

  const holdIds = await findHoldIdsOfUser(deps.db, user.id);
  for (const holdId of holdIds) await releaseHold(deps, user.id, holdId);
  const confirmed = await findStudentSessions(deps.db, deps.config.timeZone, user.id, ["confirmed"]);
  const cancellable = confirmed.filter((session) => new Date() < changeDeadline(session.startAt));
  for (const session of cancellable) {
    await cancelOwnBooking(deps, user, session.bookingId, DATA_RIGHTS_MESSAGES.cancelReason);
  }

  await deleteRecordingsOfStudent(deps, user.id);
  await deleteResumeFilesOf(deps, user.id);
  const now = new Date();
  const freedSeats = await deps.db.transaction().execute(async (trx) => {
    await lockStudentForErasure(deps, trx, user.id);
    await erasePersonalData(trx, user.id, user.email, now.toISOString());
    // Nothing stays payable: a late payment for an open checkout is refunded, never a seat.
    const closed = await closeUnpaidCheckouts(trx, user.id, now);
    await recordAudit(trx, {
      actorEmail: "the student",
      action: "erase",
      entity: "user",
      entityId: user.id,
      before: null,
      after: { cancelledBookings: cancellable.length, releasedHolds: holdIds.length, closedCheckouts: closed.size },
    });
    return closed;
  });
  for (const [kind, targetIds] of freedSeats) await releaseReplacedSeats(deps, kind, targetIds, now);
  // Sessions are gone from the database: every instance forgets them and ends their streams.
  await announceSessionsEnded(deps.authSessions, deps.bus, { userId: user.id, sessionId: null });
}
