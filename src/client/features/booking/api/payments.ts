import { NETWORK_MESSAGES } from "../../../../shared/messages.js";
import type { CheckoutResponse, PaymentResult } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

interface RazorpayResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayCheckout {
  open(): void;
  on(event: "payment.failed", handler: () => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayCheckout;
  }
}

function loadRazorpayScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://checkout.razorpay.com/v1/checkout.js";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(NETWORK_MESSAGES.paymentWindowFailed));
    document.head.append(script);
  });
}

/**
 * Opens the payment for a checkout: the test-mode page in development, Razorpay Checkout in
 * production. Resolves with the server's verdict (the server verifies the signature).
 */
export async function pay(
  checkout: CheckoutResponse,
  prefill: { email: string; name: string },
): Promise<PaymentResult | "redirected"> {
  if (checkout.provider === "dev") {
    window.location.assign(`/checkout/test/${encodeURIComponent(checkout.paymentId)}`);
    return "redirected";
  }
  await loadRazorpayScript();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error(NETWORK_MESSAGES.paymentWindowFailed);
  return new Promise((resolve, reject) => {
    const checkoutWindow = new Razorpay({
      key: checkout.keyId,
      order_id: checkout.orderId,
      amount: checkout.amountPaise,
      currency: checkout.currency,
      name: "CareerPrep",
      description: checkout.description,
      prefill: { email: prefill.email, name: prefill.name },
      handler: (response: RazorpayResponse) => {
        apiFetch<PaymentResult>("/api/payments/verify", {
          method: "POST",
          body: {
            orderId: response.razorpay_order_id,
            paymentId: response.razorpay_payment_id,
            signature: response.razorpay_signature,
          },
        }).then(resolve, reject);
      },
      modal: {
        ondismiss: () => {
          apiFetch<PaymentResult>("/api/payments/abandon", {
            method: "POST",
            body: { orderId: checkout.orderId },
          }).then(resolve, reject);
        },
      },
    });
    checkoutWindow.open();
  });
}
