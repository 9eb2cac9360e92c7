import type { Config } from "../../config.js";
import type { PaymentProvider } from "./provider.js";
import { signatureMatches } from "./signatures.js";

class RazorpayError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`Razorpay answered ${status}: ${body.slice(0, 300)}`);
    this.name = "RazorpayError";
  }
}

/** Razorpay over its documented REST API: Orders, payment signatures, webhooks, refunds. */
export function createRazorpayProvider(settings: Config["payment"]["razorpay"]): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) throw new RazorpayError(response.status, text);
    return JSON.parse(text) as T;
  };

  return {
    name: "razorpay",
    publicKey: settings.keyId,
    async createOrder(order) {
      const created = await post<{ id: string }>("/v1/orders", {
        amount: order.amountPaise,
        currency: "INR",
        receipt: order.receipt,
        notes: order.notes,
      });
      return { orderId: created.id };
    },
    verifyCheckoutSignature: (orderId, paymentId, signature) =>
      signatureMatches(settings.keySecret, `${orderId}|${paymentId}`, signature),
    verifyWebhookSignature: (rawBody, signature) => signatureMatches(settings.webhookSecret, rawBody, signature),
    async refund(request) {
      const refund = await post<{ id: string }>(
        `/v1/payments/${encodeURIComponent(request.providerPaymentId)}/refund`,
        { amount: request.amountPaise, receipt: request.idempotencyKey.slice(0, 40), speed: "normal" },
        { "idempotency-key": request.idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
