import type { Transaction } from "kysely";
import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { CancelResult } from "../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingKind, BookingsTable, Database } from "../../db/schema.js";
import { enqueueJob } from "../../infrastructure/jobs/queue.js";
import type { SessionUser } from "../../plugins/auth.js";
import { recordAudit } from "../audit/index.js";
import { lockBookingById } from "../bookings/index.js";
import { issueCreditNote } from "../invoices/index.js";
import { addNotification, announceNotification } from "../notifications/service.js";
import { REFUND_JOB } from "../payments/refunds.js";
import { type BookingSession, findBookingSession } from "../sessions/index.js";
import { dashboardTabLink } from "../sessions/links.js";
import { changeDeadline } from "../sessions/service.js";
import { closeLine } from "../waitlist/index.js";
import { announceLineChanges, type LineChange, offerFreedSeats } from "../waitlist/offers.js";
import { type CancelledBy, sendCancelledEmail } from "./emails.js";
import {
  lockBookingsOfTarget,
  lockSessionForCancel,
  lockTarget,
  markBookingCancelled,
  markPaymentsRefundPending,
  markSessionCancelled,
  releaseHoldsOnTarget,
} from "./repository.js";

interface Cancelled {
  sessions: BookingSession[];
  refundsQueued: number;
  /** Freed seats offered to the line (docs/product.md, Waitlist). */
  lines: LineChange[];
}

/**
 * Cancels bookings inside the caller's transaction: each paid one gets a refund job (retried by
 * the queue until the provider confirms) and an in-app notification. Mail goes out after commit.
 */
async function cancelInTransaction(
  deps: AppDeps,
  trx: Transaction<Database>,
  bookings: BookingsTable[],
  by: CancelledBy,
  reason: string | null,
): Promise<Cancelled> {
  const now = new Date().toISOString();
  let refundsQueued = 0;
  const sessions: BookingSession[] = [];
  for (const booking of bookings) {
    const paid = booking.status !== "pending_payment";
    await markBookingCancelled(trx, booking, reason, now);
    if (!paid) continue;
    for (const paymentId of await markPaymentsRefundPending(trx, booking.id, now)) {
      await issueCreditNote(trx, deps, { paymentId, now: new Date(now) });
      await enqueueJob(trx, {
        type: REFUND_JOB,
        payload: { paymentId },
        runAt: new Date(),
        dedupeKey: `${REFUND_JOB}:${paymentId}`,
      });
      refundsQueued += 1;
    }
    const session = await findBookingSession(trx, deps.config.timeZone, booking.id);
    if (!session) continue;
    sessions.push(session);
    const when = formatInstant(session.startAt, deps.config.timeZone, deps.config.timeZoneLabel);
    await addNotification(trx, {
      userId: booking.user_id,
      type: "booking_cancelled",
      title: by === "admin" ? `${session.title} was cancelled by CareerPrep` : `${session.title} cancelled`,
      body: `${when}. ${reason ? `Reason: ${reason}. ` : ""}Your full refund is on its way.`,
      link: dashboardTabLink(session.kind),
    });
  }
  return { sessions, refundsQueued, lines: [] };
}

async function afterCancel(deps: AppDeps, cancelled: Cancelled, by: CancelledBy, reason: string | null): Promise<void> {
  await announceLineChanges(deps, cancelled.lines);
  const users = new Set(cancelled.sessions.map((s) => s.userId));
  await Promise.all([...users].map((userId) => announceNotification(deps.bus, userId)));
  for (const topic of new Set(cancelled.sessions.map((s) => `${s.kind}:${s.targetId}`))) {
    const [kind, id] = topic.split(":");
    if (kind === "mock") await deps.bus.publish({ topic: "slots", slotId: id });
    if (kind === "workshop") await deps.bus.publish({ topic: "workshops", workshopId: id });
    if (kind === "internship") await deps.bus.publish({ topic: "internships" });
  }
  for (const session of cancelled.sessions) await sendCancelledEmail(deps, session, by, reason);
}

/** An admin moved the session after payment: the student may cancel free until it starts (docs/product.md, Reschedule and cancel). */
const movedAndNotStarted = (session: { movedAt: string | null; startAt: string }) =>
  session.movedAt !== null && Date.now() < Date.parse(session.startAt);

/**
 * A student cancels their own confirmed booking, up to 12 hours before it starts, or until it
 * starts when an admin moved it (docs/product.md, Reschedule and cancel).
 */
export async function cancelOwnBooking(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  reason: string | null,
): Promise<void> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session || session.userId !== user.id) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  if (session.status !== "confirmed") throw new AppError("CONFLICT", DASHBOARD_MESSAGES.cancelNotAllowed);
  if (new Date() >= changeDeadline(session.startAt) && !movedAndNotStarted(session)) {
    throw new AppError("RESCHEDULE_WINDOW", DASHBOARD_MESSAGES.rescheduleWindow);
  }

  const cancelled = await deps.db.transaction().execute(async (trx) => {
    await lockTarget(trx, deps.dialect, session.kind, session.targetId);
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    // Moved or cancelled since we looked: the student acts on what they see, so ask again.
    if (booking?.status !== "confirmed" || booking.target_id !== session.targetId) {
      throw new AppError("CONFLICT", DASHBOARD_MESSAGES.cancelNotAllowed);
    }
    const result = await cancelInTransaction(deps, trx, [booking], "student", reason);
    result.lines.push(await offerFreedSeats(deps, trx, session.kind, session.targetId));
    return result;
  });
  await afterCancel(deps, cancelled, "student", reason);
}

/** An admin cancels one booking at any time, with a full refund. */
export async function cancelBookingAsAdmin(
  deps: AppDeps,
  admin: SessionUser,
  bookingId: string,
  reason: string | null,
): Promise<CancelResult> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    await lockTarget(trx, deps.dialect, session.kind, session.targetId);
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    if (booking?.status !== "confirmed") throw new AppError("CONFLICT", DASHBOARD_MESSAGES.cancelNotAllowed);
    const result = await cancelInTransaction(deps, trx, [booking], "admin", reason);
    result.lines.push(await offerFreedSeats(deps, trx, session.kind, session.targetId));
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "cancel",
      entity: "booking",
      entityId: bookingId,
      before: { status: booking.status },
      after: { status: "cancelled", reason, refundsQueued: result.refundsQueued },
    });
    return result;
  });
  await afterCancel(deps, cancelled, "admin", reason);
  return { cancelledBookings: cancelled.sessions.length, refundsQueued: cancelled.refundsQueued };
}

/**
 * An admin cancels a whole slot, workshop session or internship batch: it leaves the students' lists, every booking
 * on it is cancelled and refunded, open holds and unpaid checkouts are released, and every booked
 * student is told by notification and e-mail (with a calendar cancellation).
 */
export async function cancelSession(
  deps: AppDeps,
  admin: SessionUser,
  kind: BookingKind,
  targetId: string,
  reason: string | null,
): Promise<CancelResult> {
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const target = await lockSessionForCancel(trx, deps.dialect, kind, targetId, deps.config.timeZone);
    if (!target) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.sessionNotFound);
    if (target.cancelledAt) throw new AppError("CONFLICT", DASHBOARD_MESSAGES.alreadyCancelled);
    if (Date.parse(target.startAt) <= Date.now()) throw new AppError("CONFLICT", DASHBOARD_MESSAGES.sessionStarted);
    const now = new Date().toISOString();
    await markSessionCancelled(trx, kind, targetId, now);
    await releaseHoldsOnTarget(trx, targetId);
    // Nobody will be offered a seat in a cancelled session.
    await closeLine(trx, targetId, now);
    const bookings = await lockBookingsOfTarget(trx, deps.dialect, targetId, ["confirmed", "pending_payment"]);
    const result = await cancelInTransaction(deps, trx, bookings, "admin", reason);
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "cancel",
      entity: kind === "mock" ? "slot" : kind,
      entityId: targetId,
      before: { cancelledAt: null },
      after: {
        cancelledAt: now,
        reason,
        cancelledBookings: result.sessions.length,
        refundsQueued: result.refundsQueued,
      },
    });
    return result;
  });
  if (cancelled.sessions.length === 0) {
    await deps.bus.publish(
      kind === "mock"
        ? { topic: "slots", slotId: targetId }
        : kind === "workshop"
          ? { topic: "workshops", workshopId: targetId }
          : { topic: "internships" },
    );
  }
  await afterCancel(deps, cancelled, "admin", reason);
  return { cancelledBookings: cancelled.sessions.length, refundsQueued: cancelled.refundsQueued };
}
