/** Razorpay's payment `method` values, as a student knows them. */
const METHOD_LABELS: Record<string, string> = {
  card: "Card",
  upi: "UPI",
  netbanking: "Net banking",
  wallet: "Wallet",
  emi: "EMI",
  cardless_emi: "Cardless EMI",
  paylater: "Pay later",
  bank_transfer: "Bank transfer",
  nach: "NACH",
};

/**
 * How a payment was made, for receipts and invoices: "UPI via Razorpay", or "Razorpay" until the
 * provider has said which method (its webhook does); test-mode payments say so.
 */
export function paymentMethodLabel(provider: string, method: string | null): string {
  if (provider === "dev") return "Test-mode payment";
  const via = provider === "razorpay" ? "Razorpay" : provider;
  const label = method ? (METHOD_LABELS[method] ?? method) : null;
  return label ? `${label} via ${via}` : via;
}
