import { AppError } from "../../../shared/errors.js";
import { MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { PaymentResult } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app.js";
import { forUpdate } from "../../db/database.js";
import { REFUND_JOB } from "../cancellations/refunds.js";
import { onBookingConfirmed } from "../dashboard/booking-confirmed.js";
import { liveEventFor } from "../holds/service.js";
import { findTargetForUpdate } from "../holds/targets.js";
import { issueInvoice } from "../invoices/service.js";
import { enqueueJob } from "../jobs/queue.js";
import { countSeatsTaken } from "../seats/repository.js";
import { sendBookingConfirmation, sendLatePaymentRefund } from "./emails.js";
import { findPaymentByOrderId, updateBooking, updatePayment } from "./repository.js";

type Outcome = "confirmed" | "already_confirmed" | "refunded_late" | "already_settled";

/**
 * The one confirm path for every way a payment can arrive: the checkout callback, the webhook, the
 * test-mode checkout. Idempotent in any order and any number of times: the payment row is locked,
 * and only the first arrival changes anything. A payment for a seat that is no longer there (its
 * hold ran out and someone else took it) is refunded and flagged for the admin.
 */
export async function confirmPayment(
  deps: AppDeps,
  payment: { orderId: string; providerPaymentId: string },
  now = new Date(),
): Promise<PaymentResult> {
  const nowIso = now.toISOString();
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await forUpdate(
      deps.dialect,
      trx.selectFrom("payments").selectAll().where("order_id", "=", payment.orderId),
    ).executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
    const booking = await trx
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", row.booking_id)
      .executeTakeFirstOrThrow();
    if (row.status === "paid") return { outcome: "already_confirmed" as Outcome, booking };
    if (row.status === "refunded" || row.status === "refund_pending")
      return { outcome: "already_settled" as Outcome, booking };

    // Lock the session too: a late payment competes with new holds for the same seat.
    const target = await findTargetForUpdate(
      trx,
      deps.dialect,
      booking.kind,
      booking.target_id,
      now,
      deps.config.timeZone,
    );
    const seatStillHeld =
      booking.status === "pending_payment" && booking.seat_expires_at !== null && booking.seat_expires_at > nowIso;
    let seatAvailable = seatStillHeld;
    if (!seatStillHeld && target && booking.status !== "cancelled") {
      const taken = (await countSeatsTaken(trx, [target.id], nowIso)).get(target.id) ?? 0;
      seatAvailable = target.open && taken < target.capacity;
    }

    if (seatAvailable) {
      await updatePayment(trx, row.id, { status: "paid", payment_id: payment.providerPaymentId, updated_at: nowIso });
      await updateBooking(trx, booking.id, {
        status: "confirmed",
        confirmed_at: nowIso,
        seat_expires_at: null,
        updated_at: nowIso,
      });
      await issueInvoice(trx, deps, { bookingId: booking.id, paymentId: row.id, now });
      return { outcome: "confirmed" as Outcome, booking };
    }
    await updatePayment(trx, row.id, {
      status: "refund_pending",
      payment_id: payment.providerPaymentId,
      updated_at: nowIso,
    });
    await updateBooking(trx, booking.id, {
      status: "refunded_late",
      flag: "late_payment_refunded",
      seat_expires_at: null,
      updated_at: nowIso,
    });
    await enqueueJob(trx, {
      type: REFUND_JOB,
      payload: { paymentId: row.id },
      runAt: now,
      dedupeKey: `${REFUND_JOB}:${row.id}`,
    });
    return { outcome: "refunded_late" as Outcome, booking };
  });

  const { booking } = result;
  if (result.outcome === "confirmed") {
    await deps.bus.publish(liveEventFor(booking.kind, booking.target_id));
    await deps.bus.publish({ topic: "user", userId: booking.user_id, kind: "booking" });
    await afterConfirmed(deps, booking.id);
  }
  if (result.outcome === "refunded_late") {
    deps.log.warn({ bookingId: booking.id }, "late payment for a released seat: refunding");
    await sendLatePaymentRefund(deps, booking.id).catch((err: unknown) =>
      deps.log.error({ err }, "refund e-mail failed"),
    );
  }
  const confirmed = result.outcome === "confirmed" || result.outcome === "already_confirmed";
  return {
    bookingId: booking.id,
    status: confirmed ? "confirmed" : result.outcome === "refunded_late" ? "refunded_late" : booking.status,
    message: confirmed ? MESSAGES.paymentConfirmed : MESSAGES.paymentLateRefunded,
  };
}

/** The student hears about the booking by e-mail (with the calendar invite) and in the app. */
async function afterConfirmed(deps: AppDeps, bookingId: string): Promise<void> {
  try {
    await sendBookingConfirmation(deps, bookingId);
    await onBookingConfirmed(deps, bookingId);
  } catch (err) {
    // The booking is confirmed and paid either way; a mail outage must not undo that.
    deps.log.error({ err, bookingId }, "confirmation follow-up failed");
  }
}

/** A failed or abandoned payment releases the seat at once (the order stays for the record). */
export async function failPayment(deps: AppDeps, orderId: string, now = new Date()): Promise<PaymentResult> {
  const nowIso = now.toISOString();
  const payment = await findPaymentByOrderId(deps.db, orderId);
  if (!payment) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  const changed = await deps.db.transaction().execute(async (trx) => {
    const row = await forUpdate(
      deps.dialect,
      trx.selectFrom("payments").selectAll().where("id", "=", payment.id),
    ).executeTakeFirstOrThrow();
    if (row.status !== "created") return false;
    await updatePayment(trx, row.id, { status: "failed", updated_at: nowIso });
    await trx
      .updateTable("bookings")
      .set({ status: "failed", seat_expires_at: null, updated_at: nowIso })
      .where("id", "=", row.booking_id)
      .where("status", "=", "pending_payment")
      .execute();
    return true;
  });
  const booking = await deps.db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", payment.booking_id)
    .executeTakeFirstOrThrow();
  if (changed) await deps.bus.publish(liveEventFor(booking.kind, booking.target_id));
  // Too late to fail: the payment was already verified (a Pay and a Fail racing, say).
  const message = booking.status === "confirmed" ? MESSAGES.paymentConfirmed : MESSAGES.paymentFailed;
  return { bookingId: booking.id, status: booking.status, message };
}
