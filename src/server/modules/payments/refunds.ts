import { z } from "zod";
import type { AppDeps } from "../../app-deps.js";
import type { JobHandler } from "../../infrastructure/jobs/queue.js";
import { findPaymentById, markPaymentRefunded } from "./repository.js";

export const REFUND_JOB = "refund";

export interface RefundRequest {
  /** The provider's payment id (Razorpay `pay_…`). */
  providerPaymentId: string;
  amountPaise: number;
  /** Same key on every retry, so the provider refunds once however often we ask. */
  idempotencyKey: string;
}

export type Refund = (deps: AppDeps, request: RefundRequest) => Promise<{ refundId: string }>;

const refundPayload = z.object({ paymentId: z.string() });

/** The refund job: asks the payment provider to refund a cancelled booking's payment in full. */
export function refundJob(refund: Refund): JobHandler {
  return async (deps, raw) => {
    const { paymentId } = refundPayload.parse(raw);
    const payment = await findPaymentById(deps.db, paymentId);
    if (payment?.status !== "refund_pending") return "skipped";
    if (!payment.payment_id) throw new Error(`payment ${paymentId} has no provider payment id to refund`);
    const { refundId } = await refund(deps, {
      providerPaymentId: payment.payment_id,
      amountPaise: payment.amount_paise,
      idempotencyKey: `refund-${payment.id}`,
    });
    await markPaymentRefunded(deps.db, paymentId, refundId, new Date().toISOString());
    return "done";
  };
}
