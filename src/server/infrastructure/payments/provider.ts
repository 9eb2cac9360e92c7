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

/** The test-mode provider also signs, standing in for the checkout page a real provider shows. */
export interface DevPaymentProvider extends PaymentProvider {
  readonly name: "dev";
  signCheckout(orderId: string, paymentId: string): string;
}
