import { isIP } from "node:net";
import { z } from "zod";
import { PLATFORM_TIME_ZONE_DEFAULT } from "../shared/constants.js";
import { GSTIN_EXAMPLE, isValidGstin } from "../shared/gst.js";
import { isFixedOffsetZone } from "../shared/time.js";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/** The kinds of time-critical news sent to a student's phone (docs/operations.md, News on the phone). */
export const PHONE_ALERT_KINDS = ["waitlist_offer", "reminder", "session_moved", "session_cancelled"] as const;
export type PhoneAlertKind = (typeof PHONE_ALERT_KINDS)[number];

/** `kind=template,kind=template`: a registered template (DLT id, WhatsApp template name) per kind of news. */
const templateMap = z
  .string()
  .trim()
  .default("")
  .transform((text, ctx) => {
    const map: Partial<Record<PhoneAlertKind, string>> = {};
    for (const pair of text.split(",").filter((p) => p.trim() !== "")) {
      const [kind = "", template = ""] = pair.split("=").map((part) => part.trim());
      if (!(PHONE_ALERT_KINDS as readonly string[]).includes(kind) || template === "") {
        ctx.addIssue({
          code: "custom",
          message: `must be kind=template pairs, kinds: ${PHONE_ALERT_KINDS.join(", ")}`,
        });
        return z.NEVER;
      }
      map[kind as PhoneAlertKind] = template;
    }
    return map;
  });

/** Places where a test may ask the server to die (src/server/crash-point.ts) or its shutdown to hang (shutdown.ts). */
export const CRASH_POINTS = ["after-payment-commit", "shutdown-stalls", "shutdown-blocks"] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://example.in" }).optional(),
  DATABASE_URL: z.string().default("file:./data/app.db"),
  DATABASE_PIPELINES: z.coerce.number().int().min(0).max(64).default(2),
  AUTH_SECRET: optionalString,
  ADMIN_EMAILS: z.string().default(""),
  SEED_DEMO: booleanFlag,
  TIME_ZONE: z
    .string()
    .default(PLATFORM_TIME_ZONE_DEFAULT)
    .refine(isTimeZone, { message: "must be an IANA time zone such as Asia/Kolkata" }),
  TIME_ZONE_LABEL: z.string().default("IST"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be false, the number of proxies in front of the app (such as 1), or their addresses (such as 10.0.0.0/8,127.0.0.1); true would let any client choose its address",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),

  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("CareerPrep <no-reply@careerprep.local>"),

  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),

  PAYMENT_PROVIDER: z.enum(["dev", "razorpay"]).optional(),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),

  SMS_PROVIDER: z.enum(["outbox", "http", "twilio", "msg91"]).optional(),
  SMS_HTTP_URL: optionalString,
  SMS_HTTP_TOKEN: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  MSG91_AUTH_KEY: optionalString,
  MSG91_TEMPLATE_ID: optionalString,
  MSG91_API_URL: z.url().default("https://control.msg91.com"),
  /** Time-critical news by phone (docs/operations.md, News on the phone): registered templates per kind. */
  SMS_TEMPLATE_IDS: templateMap,
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_TEMPLATES: templateMap,
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().default("en"),
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),

  JOBS_ENABLED: booleanFlag,
  /** Tests only (NODE_ENV=test): the server kills itself at this point (src/server/crash-point.ts). */
  TEST_CRASH_AT: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CRASH_POINTS).optional()),
  MIGRATE_ON_START: booleanFlag,
  CLIENT_DIR: optionalString,
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** How long the public catalog may answer a feedback-time figure already read (decision 0330); 0 reads it every time. */
  CATALOG_FIGURES_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The heaviest reads (dashboard, console bookings and audit log, data export) run at most this many at a time per process (decision 0449). */
  HEAVY_READ_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  HOLD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  STREAM_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  STREAM_LIMIT_TOTAL: z.coerce.number().int().min(1).default(5000),
  STREAM_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(1000),
  SIGN_IN_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  OTP_SEND_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  OTP_VERIFY_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  COUPON_QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),

  /** The interview room's NAT traversal (docs/operations.md, The interview room). */
  STUN_URLS: iceUrlList(/^stuns?:/, "stun:stun.example.in:3478"),
  TURN_URLS: iceUrlList(/^turns?:/, "turn:turn.example.in:3478?transport=udp"),
  TURN_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  ICE_TRANSPORT_POLICY: z.enum(["all", "relay"]).default("all"),

  /** Recordings and resumes (docs/operations.md, Files): a folder, or an S3-compatible bucket. */
  STORAGE_DIR: z.string().trim().min(1).default("./data/files"),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ message: "must be an absolute URL such as https://s3.example.in" }).optional(),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  RECORDING_MAX_MB: z.coerce.number().int().min(1).default(1024),

  GSTIN: optionalString
    .transform((v) => v?.toUpperCase())
    .refine((v) => v === undefined || isValidGstin(v), {
      message: `must be a 15-character GSTIN with its state code and check character, such as ${GSTIN_EXAMPLE}`,
    }),
  SUPPLIER_LEGAL_NAME: z.string().trim().default("CareerPrep"),
  SUPPLIER_ADDRESS: z.string().trim().default(""),
  INVOICE_PREFIX: z
    .string()
    .trim()
    // Two characters at most, so every series' numbers fit GST rule 46's 16 (invoices/issuing.ts).
    .regex(/^[A-Z0-9]{1,2}$/, { message: "must be 1 or 2 capital letters or digits, such as CP" })
    .default("CP"),
});

type Issue = { path: string; message: string };

/** A comma-separated list of ICE server URLs, each of the given scheme. */
function iceUrlList(scheme: RegExp, example: string) {
  return z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((url) => scheme.test(url) && !/\s/.test(url)), {
      message: `must be comma-separated URLs such as ${example}`,
    });
}

/** localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Development features (the outbox of sign-in links, test-mode payments, demo data, a built-in
 * secret) exist only in development mode on this machine (docs/decisions/0100-development-on-loopback-only.md).
 */
function developmentChecks(value: (key: string) => string | undefined): Issue[] {
  const publicHost = hostOf(value("PUBLIC_URL")) ?? "localhost";
  const listenHost = value("HOST") ?? "127.0.0.1";
  const issues: Issue[] = [];
  const hint = "development mode (sign-in outbox, test payments, demo data) runs only on a loopback address";
  if (!isLoopbackHost(publicHost)) {
    issues.push({
      path: "PUBLIC_URL",
      message: `${hint}: set NODE_ENV=production for ${value("PUBLIC_URL")}, or use http://localhost:PORT`,
    });
  }
  if (!isLoopbackHost(listenHost)) {
    issues.push({
      path: "HOST",
      message: `${hint}: set NODE_ENV=production to listen on ${listenHost}, or HOST=127.0.0.1`,
    });
  }
  return issues;
}

/** What a live server needs; each missing piece is named (docs/security.md, Production). */
function productionChecks(value: (key: string) => string | undefined): Issue[] {
  const issues: Issue[] = [];
  const secret = value("AUTH_SECRET");
  if (!secret || secret.length < 32) {
    issues.push({ path: "AUTH_SECRET", message: "is required in production (32+ characters)" });
  }
  const publicUrl = value("PUBLIC_URL");
  if (!publicUrl) issues.push({ path: "PUBLIC_URL", message: "is required in production (https://…)" });
  else if (!publicUrl.startsWith("https://")) {
    issues.push({ path: "PUBLIC_URL", message: "must be an https:// address in production" });
  }
  if (!value("SMTP_URL")) {
    issues.push({ path: "SMTP_URL", message: "is required in production (real mail delivery, e.g. smtps://…)" });
  }
  const sms = value("SMS_PROVIDER");
  if (!sms || sms === "outbox") {
    issues.push({ path: "SMS_PROVIDER", message: "is required in production: msg91, twilio or http (not the outbox)" });
  }
  if (value("SEED_DEMO") === "true" || value("SEED_DEMO") === "1") {
    issues.push({ path: "SEED_DEMO", message: "demo data is refused in production" });
  }
  return issues;
}

/** Rules that span variables, checked on the raw values so they are reported with field errors. */
function crossChecks(env: Record<string, string | undefined>): Issue[] {
  const value = (key: string) => env[key]?.trim() || undefined;
  const production = value("NODE_ENV") === "production";
  const issues: Issue[] = production ? productionChecks(value) : developmentChecks(value);
  if (Boolean(value("GOOGLE_CLIENT_ID")) !== Boolean(value("GOOGLE_CLIENT_SECRET"))) {
    issues.push({
      path: value("GOOGLE_CLIENT_ID") ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID",
      message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    });
  }
  const provider = value("PAYMENT_PROVIDER") ?? (production ? undefined : "dev");
  if (!provider) issues.push({ path: "PAYMENT_PROVIDER", message: "must be set in production (razorpay)" });
  if (provider === "dev" && production) {
    issues.push({ path: "PAYMENT_PROVIDER", message: "the dev test-mode checkout is refused in production" });
  }
  if (provider === "razorpay") {
    for (const key of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"]) {
      if (!value(key)) issues.push({ path: key, message: "is required when PAYMENT_PROVIDER=razorpay" });
    }
  }
  if (Boolean(value("WHATSAPP_TOKEN")) !== Boolean(value("WHATSAPP_PHONE_NUMBER_ID"))) {
    issues.push({
      path: value("WHATSAPP_TOKEN") ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN",
      message: "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together",
    });
  }
  if (value("SMS_PROVIDER") === "http" && !value("SMS_HTTP_URL")) {
    issues.push({ path: "SMS_HTTP_URL", message: "is required when SMS_PROVIDER=http" });
  }
  if (value("SMS_PROVIDER") === "twilio") {
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]) {
      if (!value(key)) issues.push({ path: key, message: "is required when SMS_PROVIDER=twilio" });
    }
    if (!value("TWILIO_FROM") && !value("TWILIO_MESSAGING_SERVICE_SID")) {
      issues.push({
        path: "TWILIO_FROM",
        message: "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio",
      });
    }
  }
  if (value("SMS_PROVIDER") === "msg91") {
    for (const key of ["MSG91_AUTH_KEY", "MSG91_TEMPLATE_ID"]) {
      if (!value(key)) issues.push({ path: key, message: "is required when SMS_PROVIDER=msg91" });
    }
  }
  if (value("GSTIN") && !value("SUPPLIER_ADDRESS")) {
    issues.push({ path: "SUPPLIER_ADDRESS", message: "is required when GSTIN is set (it is printed on tax invoices)" });
  }
  if (Boolean(value("TURN_URLS")) !== Boolean(value("TURN_SECRET"))) {
    issues.push({
      path: value("TURN_URLS") ? "TURN_SECRET" : "TURN_URLS",
      message: "TURN_URLS and TURN_SECRET must be set together (coturn's static-auth-secret)",
    });
  }
  if (value("ICE_TRANSPORT_POLICY") === "relay" && !value("TURN_URLS")) {
    issues.push({ path: "ICE_TRANSPORT_POLICY", message: "relay needs a TURN server (TURN_URLS and TURN_SECRET)" });
  }
  if (value("S3_BUCKET")) {
    for (const key of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      if (!value(key)) issues.push({ path: key, message: "is required when S3_BUCKET is set" });
    }
  } else if (value("S3_ENDPOINT")) {
    issues.push({ path: "S3_BUCKET", message: "is required when S3_ENDPOINT is set" });
  }
  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl && !isDatabaseUrl(databaseUrl)) {
    issues.push({ path: "DATABASE_URL", message: "must be postgres://…, file:PATH or :memory:" });
  }
  return issues;
}

/**
 * Which X-Forwarded-For hops to believe: none, the last `n` (a hop count), or those sent by the
 * listed proxies (addresses, CIDR ranges, or proxy-addr's names such as `loopback`). Undefined when
 * invalid; `true` is refused because it believes whatever the client writes in the header.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] | undefined {
  if (raw === undefined || raw === "" || raw === "false" || raw === "0") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((entry) => entry.trim());
  const named = new Set(["loopback", "linklocal", "uniquelocal"]);
  const valid = entries.every((entry) => {
    if (named.has(entry)) return true;
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : undefined;
}

/**
 * Fastify's form of TRUST_PROXY. Fastify ignores a bare hop count (it cannot tell the proxy from a
 * client that reached the app directly), so a count becomes "trust the nearest n hops", which is
 * right only when the app is reachable through its proxies alone (docs/operations.md).
 */
export function fastifyTrustProxy(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

function isTimeZone(zone: string): boolean {
  // A zone of our own table is known good; asking Intl would load ICU for it (docs/decisions/0245-dates-without-icu.md).
  if (isFixedOffsetZone(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isDatabaseUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url) || url.startsWith("file:") || url === ":memory:";
}

export type Config = ReturnType<typeof toConfig>;

/** The WhatsApp Business Cloud API, when its token and phone number id are set. */
function whatsAppConfig(env: z.infer<typeof envSchema>) {
  if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return undefined;
  return {
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    templates: env.WHATSAPP_TEMPLATES,
    language: env.WHATSAPP_TEMPLATE_LANGUAGE,
    apiUrl: env.WHATSAPP_API_URL.replace(/\/$/, ""),
  };
}

/** The OTP and phone-news gateways (docs/operations.md). */
function smsConfig(env: z.infer<typeof envSchema>) {
  return {
    provider: env.SMS_PROVIDER ?? "outbox",
    httpUrl: env.SMS_HTTP_URL,
    httpToken: env.SMS_HTTP_TOKEN,
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID ?? "",
      authToken: env.TWILIO_AUTH_TOKEN ?? "",
      from: env.TWILIO_FROM ?? "",
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
      apiUrl: env.TWILIO_API_URL.replace(/\/$/, ""),
    },
    msg91: {
      authKey: env.MSG91_AUTH_KEY ?? "",
      templateId: env.MSG91_TEMPLATE_ID ?? "",
      apiUrl: env.MSG91_API_URL.replace(/\/$/, ""),
    },
    /** Only kinds with a registered (DLT) template are sent by SMS, except to the development outbox. */
    templates: env.SMS_TEMPLATE_IDS,
  };
}

function toConfig(env: z.infer<typeof envSchema>) {
  const production = env.NODE_ENV === "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    production,
    host: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    port: env.PORT,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL: shared connections that carry every read outside a transaction, pipelined (db/pipelined-reads.ts). */
    databasePipelines: env.DATABASE_PIPELINES,
    authSecret: env.AUTH_SECRET ?? (production ? "" : "development-only-secret-change-me-0123456789"),
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    /** Outbox, test-mode checkout, demo data and the built-in secret (refused otherwise at start). */
    developmentFeatures: !production,
    seedDemo: !production && (env.SEED_DEMO ?? true),
    timeZone: env.TIME_ZONE,
    timeZoneLabel: env.TIME_ZONE_LABEL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
    /** Bearer token for `GET /metrics`; without one the endpoint does not exist. */
    metricsToken: env.METRICS_TOKEN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : undefined,
    payment: {
      provider: env.PAYMENT_PROVIDER ?? "dev",
      razorpay: {
        keyId: env.RAZORPAY_KEY_ID ?? "",
        keySecret: env.RAZORPAY_KEY_SECRET ?? "",
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? "",
        apiUrl: env.RAZORPAY_API_URL.replace(/\/$/, ""),
      },
    },
    sms: smsConfig(env),
    whatsapp: whatsAppConfig(env),
    jobsEnabled: env.JOBS_ENABLED ?? true,
    testCrashAt: env.NODE_ENV === "test" ? env.TEST_CRASH_AT : undefined,
    /** Off when several instances share a database: `npm run db:migrate` migrates once. */
    migrateOnStart: env.MIGRATE_ON_START ?? true,
    clientDir: env.CLIENT_DIR,
    signInRateLimitPerMinute: env.SIGN_IN_RATE_LIMIT,
    catalogFiguresMaxAgeMs: env.CATALOG_FIGURES_MAX_AGE_SECONDS * 1000,
    heavyReadConcurrency: env.HEAVY_READ_CONCURRENCY,
    holdRateLimitPerMinute: env.HOLD_RATE_LIMIT,
    /** Open live streams per signed-in user, per address (signed in or not) and per process (docs/security.md). */
    streamLimitPerClient: env.STREAM_LIMIT_PER_CLIENT,
    streamLimitPerAddress: env.STREAM_LIMIT_PER_ADDRESS,
    streamLimitTotal: env.STREAM_LIMIT_TOTAL,
    /** Sign-in links per e-mail address in 15 minutes, whichever clients ask (docs/security.md). */
    signInEmailRateLimitPer15Minutes: env.SIGN_IN_EMAIL_RATE_LIMIT,
    checkoutRateLimitPerMinute: env.CHECKOUT_RATE_LIMIT,
    otpSendRateLimitPerHour: env.OTP_SEND_RATE_LIMIT,
    otpVerifyRateLimitPerHour: env.OTP_VERIFY_RATE_LIMIT,
    contactRateLimitPer15Minutes: env.CONTACT_RATE_LIMIT,
    /** Coupon codes tried per student and hour (quotes, and codes a checkout refused): enough to fix a typo, too few to guess. */
    couponQuoteRateLimitPerHour: env.COUPON_QUOTE_RATE_LIMIT,
    /** STUN servers, and TURN servers whose short-lived credentials are signed with `turnSecret`. */
    ice: {
      stunUrls: env.STUN_URLS,
      turnUrls: env.TURN_URLS,
      turnSecret: env.TURN_SECRET,
      /** `relay` sends all media through TURN, so neither person learns the other's address. */
      transportPolicy: env.ICE_TRANSPORT_POLICY,
    },
    storage: storageConfig(env),
    recordings: { retentionDays: env.RECORDING_RETENTION_DAYS, maxBytes: env.RECORDING_MAX_MB * 1024 * 1024 },
    /** Who issues the invoices; without a GSTIN the documents are plain payment receipts. */
    supplier: {
      legalName: env.SUPPLIER_LEGAL_NAME,
      address: env.SUPPLIER_ADDRESS,
      gstin: env.GSTIN,
      invoicePrefix: env.INVOICE_PREFIX,
    },
  };
}

/** Files: on disk under `dir`, or in `s3` when a bucket is set (uploads in progress go there too). */
function storageConfig(env: z.infer<typeof envSchema>) {
  return {
    dir: env.STORAGE_DIR,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
        }
      : undefined,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and checks the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`)),
    ...crossChecks(env).map((i) => `${i.path}: ${i.message}`),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return toConfig(parsed.data);
}
