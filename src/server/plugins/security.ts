import type { FastifyInstance } from "fastify";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import type { Config } from "../config.js";

/**
 * Razorpay Checkout's hosts, each with its source in docs/payments.md (Browser requirements):
 * the script, the frame it renders in (which opens bank pages in pop-ups), and what it calls.
 */
export const RAZORPAY_HOSTS = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  form: ["https://api.razorpay.com"],
} as const;

/** A strict CSP: our own origin only, plus Razorpay's checkout when that provider is on. */
export function contentSecurityPolicy(config: Config) {
  const razorpay = config.payment.provider === "razorpay";
  const hosts = (list: readonly string[]) => (razorpay ? [...list] : []);
  return {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'", ...hosts(RAZORPAY_HOSTS.script)],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "https:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", ...hosts(RAZORPAY_HOSTS.connect)],
      "frame-src": razorpay ? [...RAZORPAY_HOSTS.frame] : ["'none'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'", ...hosts(RAZORPAY_HOSTS.form)],
      "frame-ancestors": ["'none'"],
      ...(config.publicUrl.startsWith("https://") ? { "upgrade-insecure-requests": [] } : {}),
    },
  };
}

/**
 * Helmet's defaults, except where Razorpay Checkout needs otherwise (docs/security.md, Browser
 * headers): its frame's bank pop-ups keep their opener, and Razorpay sees our origin as referrer.
 */
export function securityHeaders(config: Config) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" as const },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" as const },
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** A write that comes from another site by design (the payment provider's webhook). */
    crossSiteWrites?: boolean;
    /** The path itself is a credential: logs show the route's pattern instead (docs/security.md, Logs). */
    secretInPath?: boolean;
  }
}

/**
 * Cross-site writes are refused (docs/security.md, Cross-site writes): a state-changing /api request
 * must carry `Origin` equal to PUBLIC_URL or `Sec-Fetch-Site: same-origin`, which browsers set and
 * pages cannot forge. Matched on the route's pattern, so an encoded path is covered too. Text bodies
 * are never read as data: only an empty one (a bodyless beacon) passes.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  const { publicUrl } = app.deps.config;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSiteWrites) return;
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    if (request.headers["sec-fetch-site"] === "same-origin" || request.headers.origin === publicUrl) return;
    throw new AppError("CROSS_SITE", API_MESSAGES.crossSite);
  });
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    if (body === "") return done(null, undefined);
    done(Object.assign(new Error(API_MESSAGES.unsupportedContentType), { statusCode: 415 }), undefined);
  });
}
