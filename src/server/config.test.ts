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

  it("reads admin e-mails lower-cased", () => {
    expect(loadConfig({ ADMIN_EMAILS: " A@X.in, b@y.in ,," }).adminEmails).toEqual(["a@x.in", "b@y.in"]);
  });
});
