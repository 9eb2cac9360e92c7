import type { Config } from "../../config.js";
import { createDevProvider } from "./dev-provider.js";
import { createRazorpayProvider } from "./razorpay-provider.js";

export interface CreatedOrder {
  orderId: string;
}

export interface PaymentProvider {
  readonly name: "dev" | "razorpay";
  /** Public key the client's checkout needs (Razorpay key id); null for the test-mode checkout. */
  readonly publicKey: string | null;
  createOrder(order: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<CreatedOrder>;
  /** Checkout callback: the signature over `order_id|payment_id`, checked against our stored order id. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Webhook: the signature over the raw body. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
  refund(request: {
    providerPaymentId: string;
    amountPaise: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}

const providers = new WeakMap<Config, PaymentProvider>();

export function paymentProvider(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.payment.provider === "razorpay"
        ? createRazorpayProvider(config.payment.razorpay)
        : createDevProvider(config.authSecret);
    providers.set(config, provider);
  }
  return provider;
}
