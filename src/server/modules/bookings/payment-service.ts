import { AppError } from "../../../shared/errors.js";
import { MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { DevCheckout, PaymentResult } from "../../../shared/schemas/booking.js";
import type { AppDeps } from "../../app.js";
import { createDevProvider, newDevPaymentId } from "../payments/dev-provider.js";
import { paymentProvider } from "../payments/provider.js";
import { confirmPayment, failPayment } from "./confirm-service.js";
import { findPaymentById, findPaymentByOrderId, recordWebhookEvent } from "./repository.js";

/** The payment must belong to a booking of this user. */
async function findOwnPayment(deps: AppDeps, userId: string, lookup: { orderId?: string; paymentId?: string }) {
  const payment = lookup.orderId
    ? await findPaymentByOrderId(deps.db, lookup.orderId)
    : await findPaymentById(deps.db, lookup.paymentId ?? "");
  const booking =
    payment &&
    (await deps.db.selectFrom("bookings").select(["user_id"]).where("id", "=", payment.booking_id).executeTakeFirst());
  if (!payment || booking?.user_id !== userId) throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.noPaymentStarted);
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
  if (!paymentProvider(deps.config).verifyCheckoutSignature(payment.order_id, input.paymentId, input.signature)) {
    throw new AppError("INVALID_SIGNATURE", MESSAGES.paymentSignatureInvalid);
  }
  return confirmPayment(deps, { orderId: payment.order_id, providerPaymentId: input.paymentId });
}

export async function abandonCheckout(deps: AppDeps, userId: string, orderId: string): Promise<PaymentResult> {
  const payment = await findOwnPayment(deps, userId, { orderId });
  return failPayment(deps, payment.order_id);
}

function devProvider(deps: AppDeps) {
  if (deps.config.payment.provider !== "dev") throw new AppError("NOT_FOUND", PAYMENT_MESSAGES.testCheckoutOff);
  return createDevProvider(deps.config.authSecret);
}

export async function findDevCheckout(deps: AppDeps, userId: string, paymentId: string): Promise<DevCheckout> {
  devProvider(deps);
  const payment = await findOwnPayment(deps, userId, { paymentId });
  const booking = await deps.db
    .selectFrom("bookings")
    .select(["package_key"])
    .where("id", "=", payment.booking_id)
    .executeTakeFirstOrThrow();
  return {
    paymentId: payment.id,
    orderId: payment.order_id,
    amountPaise: payment.amount_paise,
    description: booking.package_key,
    status: payment.status,
  };
}

/** Test-mode 'Pay': signs like the real provider would and goes through the same callback check. */
export async function payDevCheckout(deps: AppDeps, userId: string, paymentId: string): Promise<PaymentResult> {
  const provider = devProvider(deps);
  const payment = await findOwnPayment(deps, userId, { paymentId });
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
  payload?: { payment?: { entity?: { id?: string; order_id?: string } } };
}

/**
 * Razorpay webhook: signature over the raw body, each event id handled once (a redelivery is
 * acknowledged and skipped), in any order relative to the checkout callback.
 */
export async function handleWebhook(
  deps: AppDeps,
  rawBody: string,
  headers: { signature: string | undefined; eventId: string | undefined },
): Promise<{ status: "processed" | "duplicate" | "ignored" }> {
  if (!headers.signature || !paymentProvider(deps.config).verifyWebhookSignature(rawBody, headers.signature)) {
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
    const seen = await deps.db.selectFrom("webhook_events").select("id").where("id", "=", eventId).executeTakeFirst();
    if (seen) return { status: "duplicate" };
  }
  const entity = body.payload?.payment?.entity;
  let status: "processed" | "ignored" = "ignored";
  if (entity?.id && entity.order_id && (await findPaymentByOrderId(deps.db, entity.order_id))) {
    // payment.failed is left alone: it reports one failed attempt, and Razorpay Checkout lets the
    // student retry on the same order, so the seat stays held until the checkout is closed
    // (POST /api/payments/abandon) or the payment window ends.
    if (body.event === "payment.captured" || body.event === "order.paid") {
      await confirmPayment(deps, { orderId: entity.order_id, providerPaymentId: entity.id });
      status = "processed";
    }
  }
  // Recorded after handling, so a delivery that failed half-way is retried by Razorpay in full.
  if (eventId) await recordWebhookEvent(deps.db, eventId, "razorpay", new Date().toISOString());
  return { status };
}
