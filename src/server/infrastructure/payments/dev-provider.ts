import { randomBytes } from "node:crypto";
import type { DevPaymentProvider } from "./provider.js";
import { hmacHex, signatureMatches } from "./signatures.js";

/**
 * The test-mode provider: no money moves, but orders, signatures and refunds take the same path
 * as Razorpay's, signed with the server's secret so the confirm path verifies them for real.
 */
export function createDevProvider(secret: string): DevPaymentProvider {
  const key = `dev-payments:${secret}`;
  return {
    name: "dev",
    publicKey: null,
    async createOrder() {
      return { orderId: `order_dev_${randomBytes(9).toString("hex")}` };
    },
    signCheckout: (orderId, paymentId) => hmacHex(key, `${orderId}|${paymentId}`),
    verifyCheckoutSignature: (orderId, paymentId, signature) =>
      signatureMatches(key, `${orderId}|${paymentId}`, signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(key, rawBody, signature),
    async refund() {
      return { refundId: `rfnd_dev_${randomBytes(9).toString("hex")}` };
    },
  };
}

export const newDevPaymentId = (): string => `pay_dev_${randomBytes(9).toString("hex")}`;
