import { AppError } from "../../../shared/errors.js";
import { MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { DevCheckout, PaymentResult } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app-deps.js";
import { isDevProvider } from "../../infrastructure/payments/create-provider.js";
import { newDevPaymentId } from "../../infrastructure/payments/dev-provider.js";
import { findBookingById, findReplacingCheckout, updateBooking } from "../bookings/index.js";
import { checkoutSummary } from "./checkout-summary.js";
import { confirmPayment, failPayment } from "./confirm-service.js";
import {
  findBookingOwnerId,
  findPaymentById,
  findPaymentByOrderId,
  recordPaymentMethod,
  recordWebhookEvent,
  webhookEventSeen,
} from "./repository.js";

/** The payment must belong to a booking of this user. */
async function findOwnPayment(deps: AppDeps, userId: string, lookup: { orderId?: string; paymentId?: string }) {
  const payment = lookup.orderId
    ? await findPaymentByOrderId(deps.db, lookup.orderId)
    : await findPaymentById(deps.db, lookup.paymentId ?? "");
  const ownerId = payment && (await findBookingOwnerId(deps.db, payment.booking_id));
  if (!payment || ownerId !== userId) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  return payment;
}

/**
 * The checkout callback: the signature must be the provider's over our STORED order id and the
 * payment id it reports, so a payment for another order cannot confirm this booking.
 */
export async function verifyCheckout(
  deps: AppDeps,
  userId: string,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<PaymentResult> {
  const payment = await findOwnPayment(deps, userId, { orderId: input.orderId });
  if (!deps.payments.verifyCheckoutSignature(payment.order_id, input.paymentId, input.signature)) {
    throw new AppError("INVALID_SIGNATURE", MESSAGES.paymentSignatureInvalid);
  }
  return confirmPayment(deps, { orderId: payment.order_id, providerPaymentId: input.paymentId });
}

export async function abandonCheckout(deps: AppDeps, userId: string, orderId: string): Promise<PaymentResult> {
  const payment = await findOwnPayment(deps, userId, { orderId });
  return failPayment(deps, payment.order_id);
}

function devProvider(deps: AppDeps) {
  if (!isDevProvider(deps.payments)) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.testCheckoutOff);
  return deps.payments;
}

export async function findDevCheckout(deps: AppDeps, userId: string, paymentId: string): Promise<DevCheckout> {
  devProvider(deps);
  const payment = await findOwnPayment(deps, userId, { paymentId });
  const booking = await findBookingById(deps.db, payment.booking_id);
  if (!booking) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
  const replacedBy =
    booking.status === "superseded" && payment.status === "created"
      ? await findReplacingCheckout(deps.db, booking)
      : undefined;
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    amountPaise: payment.amount_paise,
    description: booking.package_key,
    status: replacedBy === undefined ? payment.status : "superseded",
    // The live checkout to go on with, or none when the newer one is already paid.
    replacedBy:
      replacedBy === undefined
        ? null
        : { paymentId: replacedBy?.status === "pending_payment" ? (replacedBy.paymentId ?? null) : null },
    summary: await checkoutSummary(deps, booking.id, payment.amount_paise),
  };
}

/**
 * Test-mode 'Pay': signs like the real provider would and goes through the same callback check.
 * A replaced checkout's page refuses to pay; with a real provider a payment can still arrive, and
 * the confirm path refunds it.
 */
export async function payDevCheckout(deps: AppDeps, userId: string, paymentId: string): Promise<PaymentResult> {
  const provider = devProvider(deps);
  const payment = await findOwnPayment(deps, userId, { paymentId });
  const booking = await findBookingById(deps.db, payment.booking_id);
  if (booking?.status === "superseded" && payment.status === "created")
    throw new AppError("CHECKOUT_REPLACED", PAYMENT_MESSAGES.checkoutReplaced);
  const providerPaymentId = newDevPaymentId();
  return verifyCheckout(deps, userId, {
    orderId: payment.order_id,
    paymentId: providerPaymentId,
    signature: provider.signCheckout(payment.order_id, providerPaymentId),
  });
}

export async function failDevCheckout(deps: AppDeps, userId: string, paymentId: string): Promise<PaymentResult> {
  devProvider(deps);
  const payment = await findOwnPayment(deps, userId, { paymentId });
  return failPayment(deps, payment.order_id);
}

interface RazorpayWebhook {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string; method?: unknown } };
  };
}

/**
 * A captured payment whose amount or currency is not our order's confirms nothing: the booking is
 * flagged for an admin to look at (docs/payments.md, Webhook checks).
 */
async function flagMismatchedPayment(
  deps: AppDeps,
  payment: { booking_id: string; order_id: string; amount_paise: number; currency: string },
  entity: { amount?: number; currency?: string },
): Promise<void> {
  await updateBooking(deps.db, payment.booking_id, {
    flag: "payment_amount_mismatch",
    updated_at: new Date().toISOString(),
  });
  deps.log.warn(
    {
      bookingId: payment.booking_id,
      orderId: payment.order_id,
      expected: { amount: payment.amount_paise, currency: payment.currency },
      received: { amount: entity.amount, currency: entity.currency },
    },
    "webhook payment does not match its order: not confirmed, booking flagged",
  );
}

/**
 * Razorpay webhook: signature over the raw body, each event id handled once (a redelivery is
 * acknowledged and skipped), in any order relative to the checkout callback.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: string,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<{ status: "processed" | "duplicate" | "ignored" | "flagged" }> {
  if (!headers.signature || !deps.payments.verifyWebhookSignature(rawBody, headers.signature)) {
    throw new AppError("INVALID_SIGNATURE", PAYMENT_MESSAGES.webhookSignatureInvalid);
  }
  let body: RazorpayWebhook;
  try {
    body = JSON.parse(rawBody) as RazorpayWebhook;
  } catch {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.webhookNotJson);
  }
  const eventId = headers.eventId ?? "";
  if (eventId) {
    if (await webhookEventSeen(deps.db, eventId)) return { status: "duplicate" };
  }
  const entity = body.payload?.payment?.entity;
  const payment = entity?.order_id ? await findPaymentByOrderId(deps.db, entity.order_id) : undefined;
  let status: "processed" | "ignored" | "flagged" = "ignored";
  // payment.failed is left alone: it reports one failed attempt, and Razorpay Checkout lets the
  // student retry on the same order, so the seat stays held until the checkout is closed
  // (POST /api/payments/abandon) or the payment window ends.
  if (entity?.id && payment && (body.event === "payment.captured" || body.event === "order.paid")) {
    if (entity.amount !== payment.amount_paise || entity.currency !== payment.currency) {
      await flagMismatchedPayment(deps, payment, entity);
      status = "flagged";
    } else {
      // The checkout callback does not say how the student paid; the webhook does, for the receipt.
      if (typeof entity.method === "string" && /^[a-z_]{1,32}$/.test(entity.method)) {
        await recordPaymentMethod(deps.db, payment.id, entity.method);
      }
      await confirmPayment(deps, { orderId: payment.order_id, providerPaymentId: entity.id });
      status = "processed";
    }
  }
  // Recorded after handling, so a delivery that failed half-way is retried by Razorpay in full.
  if (eventId) await recordWebhookEvent(deps.db, eventId, "razorpay", new Date().toISOString());
  return { status };
}
