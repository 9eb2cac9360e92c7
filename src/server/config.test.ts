import { describe, expect, it } from "vitest";
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

  it("reads admin e-mails lower-cased", () => {
    expect(loadConfig({ ADMIN_EMAILS: " A@X.in, b@y.in ,," }).adminEmails).toEqual(["a@x.in", "b@y.in"]);
  });
});
