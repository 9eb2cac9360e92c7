import type { Config } from "../../config.js";
import { createDevProvider } from "./dev-provider.js";
import type { DevPaymentProvider, PaymentProvider } from "./provider.js";
import { createRazorpayProvider } from "./razorpay-provider.js";

/** The configured provider; app.ts builds it once and hands it to everyone as `deps.payments`. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.payment.provider === "razorpay"
    ? createRazorpayProvider(config.payment.razorpay)
    : createDevProvider(config.authSecret);
}

export function isDevProvider(provider: PaymentProvider): provider is DevPaymentProvider {
  return provider.name === "dev" && "signCheckout" in provider;
}
