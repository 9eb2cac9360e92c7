import { describe, expect, it } from "vitest";
import { GSTIN_EXAMPLE } from "../shared/gst.js";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("starts with defaults on a bare environment: SQLite, dev payments, demo seed", () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe("file:./data/app.db");
    expect(config.payment.provider).toBe("dev");
    expect(config.seedDemo).toBe(true);
    expect(config.timeZone).toBe("Asia/Kolkata");
  });

  it("lists every bad variable at once", () => {
    try {
      loadConfig({ PORT: "eighty", TIME_ZONE: "Mars/Base", DATABASE_URL: "mysql://x", GOOGLE_CLIENT_ID: "id" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      expect(problems).toContain("PORT");
      expect(problems).toContain("TIME_ZONE");
      expect(problems).toContain("DATABASE_URL");
      expect(problems).toContain("GOOGLE_CLIENT_SECRET");
    }
  });

  it("refuses the dev checkout and a missing secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "dev", PUBLIC_URL: "https://x.in" })).toThrow(
      /PAYMENT_PROVIDER: the dev test-mode checkout is refused in production[\s\S]*|AUTH_SECRET/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(40),
        PUBLIC_URL: "https://x.in",
        PAYMENT_PROVIDER: "razorpay",
      }),
    ).toThrow(/RAZORPAY_KEY_ID/);
  });

  it("asks for each SMS provider's credentials", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC1" })).toThrow(
      /TWILIO_AUTH_TOKEN[\s\S]*TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k" })).toThrow(/MSG91_TEMPLATE_ID/);
    const config = loadConfig({ SMS_PROVIDER: "msg91", MSG91_AUTH_KEY: "k", MSG91_TEMPLATE_ID: "t" });
    expect(config.sms.msg91).toEqual({ authKey: "k", templateId: "t", apiUrl: "https://control.msg91.com" });
    expect(loadConfig({}).sms.twilio.apiUrl).toBe("https://api.twilio.com");
  });

  it("takes an invoice prefix of one or two characters, so every document number fits GST rule 46's 16", () => {
    expect(loadConfig({ INVOICE_PREFIX: "C" }).supplier.invoicePrefix).toBe("C");
    expect(() => loadConfig({ INVOICE_PREFIX: "CPIN" })).toThrow(
      /INVOICE_PREFIX: must be 1 or 2 capital letters or digits/,
    );
  });

  it("takes a GSTIN only with its check character right", () => {
    expect(() => loadConfig({ GSTIN: "29ABCDE1234F1Z5", SUPPLIER_ADDRESS: "Bengaluru" })).toThrow(
      `GSTIN: must be a 15-character GSTIN with its state code and check character, such as ${GSTIN_EXAMPLE}`,
    );
    expect(loadConfig({ GSTIN: "29abcde1234f1zw", SUPPLIER_ADDRESS: "Bengaluru" }).supplier.gstin).toBe(GSTIN_EXAMPLE);
  });

  it("reads admin e-mails lower-cased", () => {
    expect(loadConfig({ ADMIN_EMAILS: " A@X.in, b@y.in ,," }).adminEmails).toEqual(["a@x.in", "b@y.in"]);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or a list of proxy addresses and ranges, off by default", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, which would let any client choose its address, and anything unreadable", () => {
    for (const value of ["true", "10.0.0.0/33", "proxy.example.com", "1.2.3.4/8/9"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
    }
  });
});

describe("fail closed (docs/security.md, Production)", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://careerprep.example.in",
    AUTH_SECRET: "x".repeat(40),
    SMTP_URL: "smtps://user:pass@smtp.example.in",
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: "k",
    MSG91_TEMPLATE_ID: "t",
    PAYMENT_PROVIDER: "razorpay",
    RAZORPAY_KEY_ID: "rzp_live_x",
    RAZORPAY_KEY_SECRET: "s",
    RAZORPAY_WEBHOOK_SECRET: "w",
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };

  it("development features live only in development on this machine", () => {
    const local = loadConfig({});
    expect(local).toMatchObject({ developmentFeatures: true, seedDemo: true, host: "127.0.0.1" });
    expect(local.authSecret.length).toBeGreaterThanOrEqual(32);
    for (const url of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost"]) {
      expect(loadConfig({ PUBLIC_URL: url }).developmentFeatures).toBe(true);
    }
    const live = loadConfig(production);
    expect(live).toMatchObject({ developmentFeatures: false, seedDemo: false, host: "0.0.0.0" });
    expect(live.authSecret).toBe(production.AUTH_SECRET);
  });

  it("refuses development mode on a public address, saying what to set", () => {
    expect(problemsOf({ PUBLIC_URL: "https://careerprep.example.in" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: .*loopback.*NODE_ENV=production/),
    ]);
    expect(problemsOf({ NODE_ENV: "test", HOST: "0.0.0.0" })).toEqual([
      expect.stringMatching(/^HOST: .*loopback.*NODE_ENV=production.*HOST=127\.0\.0\.1/),
    ]);
  });

  it("names every missing piece production needs", () => {
    const problems = problemsOf({ NODE_ENV: "production", PUBLIC_URL: "http://careerprep.example.in" });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AUTH_SECRET: is required in production/),
        "PUBLIC_URL: must be an https:// address in production",
        expect.stringMatching(/^SMTP_URL: is required in production/),
        expect.stringMatching(/^SMS_PROVIDER: is required in production/),
        expect.stringMatching(/^PAYMENT_PROVIDER: must be set in production/),
      ]),
    );
    expect(problemsOf({ ...production, SMS_PROVIDER: "outbox" })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: is required in production: msg91, twilio or http/),
    ]);
    expect(problemsOf({ ...production, SEED_DEMO: "true" })).toEqual(["SEED_DEMO: demo data is refused in production"]);
    expect(problemsOf(production)).toEqual([]);
  });
});

describe("TEST_CRASH_AT", () => {
  it("is honoured only in test mode, and refuses a point that does not exist", () => {
    expect(loadConfig({ NODE_ENV: "test", TEST_CRASH_AT: "after-payment-commit" }).testCrashAt).toBe(
      "after-payment-commit",
    );
    expect(loadConfig({ NODE_ENV: "development", TEST_CRASH_AT: "after-payment-commit" }).testCrashAt).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", TEST_CRASH_AT: "" }).testCrashAt).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "test", TEST_CRASH_AT: "anywhere" })).toThrow(ConfigError);
  });
});
