import type { Transaction } from "kysely";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.js";
import type { BookingKind, Database } from "../../db/schema.js";
import { createJobRunner, enqueueJob, type JobHandlers } from "../../infrastructure/jobs/queue.js";
import { findBookingById } from "../bookings/index.js";
import { scheduleReminders } from "../reminders/service.js";
import { onBookingConfirmed } from "./booking-confirmed.js";
import { REFUND_REASONS, type RefundReason, sendBookedMail, sendPaymentRefundNotice } from "./emails.js";

/**
 * The work a payment leaves behind is queued as jobs in the transaction that records the payment,
 * so a crash right after the commit loses none of it: the request runs the jobs at once, and if
 * the process dies first, a worker runs them after the restart (docs/operations.md, The job queue).
 */
// Stored job types keep their names: queued rows carry them (the mail job was once called the confirmation mail).
export const BOOKED_MAIL_JOB = "confirmation_mail";
export const CONFIRMED_NOTICE_JOB = "booking_confirmed";
export const REFUND_NOTICE_JOB = "payment_refund_notice";

const bookingPayload = z.object({ bookingId: z.string() });
const refundNoticePayload = z.object({ bookingId: z.string(), reason: z.enum(REFUND_REASONS) });

export const afterPaymentHandlers: JobHandlers = {
  /** The booked mail: receipt, calendar invite and invoice. */
  async [BOOKED_MAIL_JOB](deps, raw) {
    const { bookingId } = bookingPayload.parse(raw);
    const booking = await findBookingById(deps.db, bookingId);
    if (booking?.status !== "confirmed") return "skipped";
    await sendBookedMail(deps, bookingId);
    return "done";
  },
  /** The in-app notification and the reminders. */
  async [CONFIRMED_NOTICE_JOB](deps, raw) {
    const { bookingId } = bookingPayload.parse(raw);
    await onBookingConfirmed(deps, bookingId);
    return "done";
  },
  /** The student is told why the money is coming back. */
  async [REFUND_NOTICE_JOB](deps, raw) {
    const { bookingId, reason } = refundNoticePayload.parse(raw);
    await sendPaymentRefundNotice(deps, bookingId, reason);
    return "done";
  },
};

type Trx = Transaction<Database>;

/** Inside the confirming transaction: returns the dedupe keys to run once it has committed. */
export async function queueAfterConfirmed(
  trx: Trx,
  booking: { id: string; kind: BookingKind; startAt: string | undefined },
  now: Date,
): Promise<string[]> {
  if (booking.startAt)
    await scheduleReminders(trx, { bookingId: booking.id, kind: booking.kind, startAt: booking.startAt });
  const keys: string[] = [];
  for (const type of [BOOKED_MAIL_JOB, CONFIRMED_NOTICE_JOB]) {
    const dedupeKey = `${type}:${booking.id}`;
    await enqueueJob(trx, { type, payload: { bookingId: booking.id }, runAt: now, dedupeKey });
    keys.push(dedupeKey);
  }
  return keys;
}

/** Inside the transaction that turned a payment into a refund: the student's e-mail. */
export async function queueRefundNotice(trx: Trx, bookingId: string, reason: RefundReason, now: Date) {
  const dedupeKey = `${REFUND_NOTICE_JOB}:${bookingId}`;
  await enqueueJob(trx, { type: REFUND_NOTICE_JOB, payload: { bookingId, reason }, runAt: now, dedupeKey });
  return [dedupeKey];
}

/** After the commit: does the queued work now. A failure leaves it to the worker's retries. */
export async function runAfterPayment(deps: AppDeps, dedupeKeys: string[]): Promise<void> {
  try {
    await createJobRunner(deps, afterPaymentHandlers).runNow(dedupeKeys);
  } catch (err) {
    deps.log.error({ err, dedupeKeys }, "after-payment work left to the job worker");
  }
}
