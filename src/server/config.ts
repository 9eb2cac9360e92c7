import { z } from "zod";
import { PLATFORM_TIME_ZONE_DEFAULT } from "../shared/constants.js";
import { GST_STATES, GSTIN_PATTERN } from "../shared/gst.js";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://example.in" }).optional(),
  DATABASE_URL: z.string().default("file:./data/app.db"),
  AUTH_SECRET: optionalString,
  ADMIN_EMAILS: z.string().default(""),
  SEED_DEMO: booleanFlag,
  TIME_ZONE: z
    .string()
    .default(PLATFORM_TIME_ZONE_DEFAULT)
    .refine(isTimeZone, { message: "must be an IANA time zone such as Asia/Kolkata" }),
  TIME_ZONE_LABEL: z.string().default("IST"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFlag,

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

  JOBS_ENABLED: booleanFlag,
  MIGRATE_ON_START: booleanFlag,
  CLIENT_DIR: optionalString,
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  HOLD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),

  GSTIN: optionalString
    .transform((v) => v?.toUpperCase())
    .refine((v) => v === undefined || (GSTIN_PATTERN.test(v) && v.slice(0, 2) in GST_STATES), {
      message: "must be a 15-character GSTIN such as 29ABCDE1234F1Z5",
    }),
  SUPPLIER_LEGAL_NAME: z.string().trim().default("CareerPrep"),
  SUPPLIER_ADDRESS: z.string().trim().default(""),
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,4}$/, { message: "must be 1 to 4 capital letters or digits, such as CP" })
    .default("CP"),
});

type Issue = { path: string; message: string };

/** Rules that span variables, checked on the raw values so they are reported with field errors. */
function crossChecks(env: Record<string, string | undefined>): Issue[] {
  const issues: Issue[] = [];
  const value = (key: string) => env[key]?.trim() || undefined;
  const production = value("NODE_ENV") === "production";
  const secret = value("AUTH_SECRET");
  if (production && (!secret || secret.length < 32)) {
    issues.push({ path: "AUTH_SECRET", message: "is required in production (32+ characters)" });
  }
  if (production && !value("PUBLIC_URL")) issues.push({ path: "PUBLIC_URL", message: "is required in production" });
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
  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl && !isDatabaseUrl(databaseUrl)) {
    issues.push({ path: "DATABASE_URL", message: "must be postgres://…, file:PATH or :memory:" });
  }
  return issues;
}

function isTimeZone(zone: string): boolean {
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

function toConfig(env: z.infer<typeof envSchema>) {
  const production = env.NODE_ENV === "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    production,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET ?? "development-only-secret-change-me-0123456789",
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    seedDemo: env.SEED_DEMO ?? !production,
    timeZone: env.TIME_ZONE,
    timeZoneLabel: env.TIME_ZONE_LABEL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
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
    sms: {
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
    },
    jobsEnabled: env.JOBS_ENABLED ?? true,
    /** Off when several instances share a database: `npm run db:migrate` migrates once. */
    migrateOnStart: env.MIGRATE_ON_START ?? true,
    clientDir: env.CLIENT_DIR,
    signInRateLimitPerMinute: env.SIGN_IN_RATE_LIMIT,
    holdRateLimitPerMinute: env.HOLD_RATE_LIMIT,
    /** Who issues the invoices; without a GSTIN the documents are plain payment receipts. */
    supplier: {
      legalName: env.SUPPLIER_LEGAL_NAME,
      address: env.SUPPLIER_ADDRESS,
      gstin: env.GSTIN,
      invoicePrefix: env.INVOICE_PREFIX,
    },
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
