import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { AppError } from "../../../shared/errors.js";
import { JOURNEY_MESSAGES, MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { PaymentResult } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app-deps.js";
import { crashPoint } from "../../crash-point.js";
import type { BookingsTable, Database } from "../../db/schema.js";
import { enqueueJob } from "../../infrastructure/jobs/queue.js";
import { findBookingById, lockBookingById, updateBooking } from "../bookings/index.js";
import { couponLimitSpentFor } from "../coupons/service.js";
import { type BookableTarget, findTargetForUpdate, insertHoldUnlessHolding } from "../holds/index.js";
import { handOverKeptSeat, liveEventFor, lockKeptSeat } from "../holds/service.js";
import { issueInvoice } from "../invoices/index.js";
import { countSeatsTaken } from "../seats/index.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";
import { queueAfterConfirmed, queueRefundNotice, runAfterPayment } from "./after-payment.js";
import type { RefundReason } from "./emails.js";
import { REFUND_JOB } from "./refunds.js";
import {
  findPaymentById,
  findPaymentByOrderId,
  hasPaidSeatInSession,
  lockPayment,
  updatePayment,
} from "./repository.js";

type Trx = Transaction<Database>;

type Outcome = "confirmed" | "already_confirmed" | "refunded" | "already_settled";

interface Decided {
  outcome: Outcome;
  booking: BookingsTable;
  reason?: RefundReason;
  /** Dedupe keys of the jobs this transaction queued, to run once it has committed. */
  jobs: string[];
}

/**
 * The one confirm path for every way a payment can arrive: the checkout callback, the webhook, the
 * test-mode checkout. Idempotent in any order and any number of times: the payment row is locked,
 * and only the first arrival changes anything. A payment that books nothing is refunded and
 * flagged for the admin: its seat is gone (the payment window ran out and someone else took it),
 * its checkout was replaced by a newer one, the student already has a seat in that session, or
 * its coupon's limit was spent by others while it was unpaid.
 */
export async function confirmPayment(
  deps: AppDeps,
  payment: { orderId: string; providerPaymentId: string },
  now = new Date(),
): Promise<PaymentResult> {
  const found = await findPaymentByOrderId(deps.db, payment.orderId);
  if (!found) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  const result = await deps.db
    .transaction()
    .execute((trx) => decidePayment(deps, trx, found.id, payment.providerPaymentId, now));
  crashPoint(deps.config, "after-payment-commit");

  const { booking } = result;
  if (result.outcome === "confirmed") {
    await deps.bus.publish(liveEventFor(booking.kind, booking.target_id));
    await deps.bus.publish({ topic: "user", userId: booking.user_id, kind: "booking" });
  }
  if (result.outcome === "refunded") {
    deps.log.warn({ bookingId: booking.id, reason: result.reason }, "payment that booked nothing: refunding");
    await deps.bus.publish({ topic: "user", userId: booking.user_id, kind: "booking" });
  }
  await runAfterPayment(deps, result.jobs);
  const confirmed = result.outcome === "confirmed" || result.outcome === "already_confirmed";
  return {
    bookingId: booking.id,
    status: confirmed ? "confirmed" : result.outcome === "refunded" ? "refunded_late" : booking.status,
    message: confirmed ? MESSAGES.paymentConfirmed : refundMessage(result.reason ?? refundReasonOf(booking)),
  };
}

/**
 * Locks in the one order every seat change uses: the session row, the seat a failed checkout still
 * keeps as a hold, the coupon, then the booking, then the payment (docs/payments.md, Locks). A late
 * payment competes with new holds for the same seat, and with new checkouts for the same coupon.
 */
async function decidePayment(
  deps: AppDeps,
  trx: Trx,
  paymentRowId: string,
  providerPaymentId: string,
  now: Date,
): Promise<Decided> {
  const nowIso = now.toISOString();
  const unlocked = await findPaymentById(trx, paymentRowId);
  const bookingRef = unlocked && (await findBookingById(trx, unlocked.booking_id));
  if (!bookingRef) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  const { timeZone } = deps.config;
  const target = await findTargetForUpdate(trx, deps.dialect, bookingRef.kind, bookingRef.target_id, now, timeZone);
  const keptSeat = await lockKeptSeat(trx, deps.dialect, bookingRef, nowIso);
  const couponSpent = await couponLimitSpentFor(trx, deps.dialect, bookingRef.id, now);
  const booking = await lockBookingById(trx, deps.dialect, bookingRef.id);
  const row = await lockPayment(trx, deps.dialect, paymentRowId);
  if (!booking || !row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  if (row.status === "paid") return { outcome: "already_confirmed", booking, jobs: [] };
  if (row.status === "refunded" || row.status === "refund_pending")
    return { outcome: "already_settled", booking, jobs: [] };

  let reason: RefundReason | undefined;
  if (booking.status === "superseded") reason = "replaced";
  else if (await hasPaidSeatInSession(trx, booking)) reason = "duplicate";
  else if (!(await seatAvailable(trx, { booking, keptSeat }, target, nowIso))) reason = "late";
  else if (couponSpent) reason = "coupon";
  if (reason) {
    await refundInTransaction(trx, { booking, paymentRowId: row.id, providerPaymentId, reason, now });
    return { outcome: "refunded", booking, reason, jobs: await queueRefundNotice(trx, booking.id, reason, now) };
  }
  if (keptSeat) await handOverKeptSeat(trx, keptSeat);
  await updatePayment(trx, row.id, { status: "paid", payment_id: providerPaymentId, updated_at: nowIso });
  await updateBooking(trx, booking.id, {
    status: "confirmed",
    confirmed_at: nowIso,
    seat_expires_at: null,
    updated_at: nowIso,
  });
  await issueInvoice(trx, deps, { bookingId: booking.id, paymentId: row.id, now });
  const jobs = await queueAfterConfirmed(trx, { id: booking.id, kind: booking.kind, startAt: target?.startAt }, now);
  return { outcome: "confirmed", booking, jobs };
}

/**
 * The seat is still held for this booking (its payment window, or the hold a failed checkout keeps;
 * cancelling a session deletes its holds), or (a late payment) one is still free.
 */
async function seatAvailable(
  trx: Trx,
  { booking, keptSeat }: { booking: BookingsTable; keptSeat: { id: string } | undefined },
  target: BookableTarget | undefined,
  nowIso: string,
) {
  const held =
    booking.status === "pending_payment" && booking.seat_expires_at !== null && booking.seat_expires_at > nowIso;
  if (held || keptSeat) return true;
  if (!target || booking.status === "cancelled") return false;
  const taken = (await countSeatsTaken(trx, [target.id], nowIso)).get(target.id) ?? 0;
  return target.open && taken < target.capacity;
}

const REFUND_FLAGS: Record<RefundReason, string> = {
  late: "late_payment_refunded",
  replaced: "replaced_checkout_refunded",
  duplicate: "duplicate_payment_refunded",
  coupon: "coupon_limit_refunded",
};

async function refundInTransaction(
  trx: Trx,
  refund: { booking: BookingsTable; paymentRowId: string; providerPaymentId: string; reason: RefundReason; now: Date },
): Promise<void> {
  const nowIso = refund.now.toISOString();
  const { paymentRowId } = refund;
  await updatePayment(trx, paymentRowId, {
    status: "refund_pending",
    payment_id: refund.providerPaymentId,
    updated_at: nowIso,
  });
  await updateBooking(trx, refund.booking.id, {
    status: "refunded_late",
    flag: REFUND_FLAGS[refund.reason],
    seat_expires_at: null,
    updated_at: nowIso,
  });
  const dedupeKey = `${REFUND_JOB}:${paymentRowId}`;
  await enqueueJob(trx, { type: REFUND_JOB, payload: { paymentId: paymentRowId }, runAt: refund.now, dedupeKey });
}

function refundReasonOf(booking: BookingsTable): RefundReason {
  if (booking.flag === REFUND_FLAGS.replaced) return "replaced";
  if (booking.flag === REFUND_FLAGS.duplicate) return "duplicate";
  if (booking.flag === REFUND_FLAGS.coupon) return "coupon";
  return "late";
}

function refundMessage(reason: RefundReason): string {
  if (reason === "replaced") return PAYMENT_MESSAGES.paymentReplacedRefunded;
  if (reason === "duplicate") return PAYMENT_MESSAGES.paymentDuplicateRefunded;
  if (reason === "coupon") return PAYMENT_MESSAGES.paymentCouponSpentRefunded;
  return MESSAGES.paymentLateRefunded;
}

/**
 * A failed or abandoned payment: the order stays for the record, the seat stays the student's for
 * a retry until the payment window ends (then, or if it cannot be kept, it is released at once).
 */
export async function failPayment(deps: AppDeps, orderId: string, now = new Date()): Promise<PaymentResult> {
  const nowIso = now.toISOString();
  const payment = await findPaymentByOrderId(deps.db, orderId);
  if (!payment) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    // Session, booking, payment: the one lock order of every payment change (docs/payments.md, Locks).
    const ref = await findBookingById(trx, payment.booking_id);
    if (ref) await findTargetForUpdate(trx, deps.dialect, ref.kind, ref.target_id, now, deps.config.timeZone);
    await lockBookingById(trx, deps.dialect, payment.booking_id);
    const row = await lockPayment(trx, deps.dialect, payment.id);
    if (!row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
    if (row.status !== "created") return undefined;
    await updatePayment(trx, row.id, { status: "failed", updated_at: nowIso });
    const booking = await findBookingById(trx, row.booking_id);
    if (booking?.status !== "pending_payment") return { changes: [], seatKept: false };
    await updateBooking(trx, booking.id, { status: "failed", seat_expires_at: null, updated_at: nowIso });
    // The seat stays the student's for a retry until the payment window ends
    // (docs/decisions/0130-failed-payment-keeps-the-seat.md); otherwise it goes to the first in
    // line, if anyone waits (docs/product.md, Waitlist).
    const seatKept =
      booking.seat_expires_at !== null &&
      booking.seat_expires_at > nowIso &&
      (await insertHoldUnlessHolding(trx, {
        id: randomUUID(),
        user_id: booking.user_id,
        kind: booking.kind,
        target_id: booking.target_id,
        package_key: booking.package_key,
        expires_at: booking.seat_expires_at,
        created_at: nowIso,
      }));
    if (seatKept) return { changes: [], seatKept };
    return { changes: [await offerFreedSeats(deps, trx, booking.kind, booking.target_id, now)], seatKept };
  });
  if (outcome) await announceLineChanges(deps, outcome.changes);
  const booking = await findBookingById(deps.db, payment.booking_id);
  if (!booking) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  if (outcome && !outcome.seatKept) await deps.bus.publish(liveEventFor(booking.kind, booking.target_id));
  // Too late to fail: the payment was already verified (a Pay and a Fail racing, say).
  const message =
    booking.status === "confirmed"
      ? MESSAGES.paymentConfirmed
      : outcome?.seatKept
        ? JOURNEY_MESSAGES.paymentFailedSeatKept
        : MESSAGES.paymentFailed;
  return { bookingId: booking.id, status: booking.status, message };
}
