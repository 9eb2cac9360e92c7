import type { Config } from "../config.js";

/** A strict CSP: our own origin only, plus Razorpay's checkout when that provider is on. */
export function contentSecurityPolicy(config: Config) {
  const razorpay = config.payment.provider === "razorpay";
  const checkout = razorpay ? ["https://checkout.razorpay.com"] : [];
  const razorpayFrames = razorpay ? ["https://api.razorpay.com", "https://checkout.razorpay.com"] : [];
  return {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'", ...checkout],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "https:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", ...razorpayFrames],
      "frame-src": razorpayFrames.length > 0 ? razorpayFrames : ["'none'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      ...(config.publicUrl.startsWith("https://") ? { "upgrade-insecure-requests": [] } : {}),
    },
  };
}
