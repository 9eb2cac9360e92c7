import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBooking, buildSlot, findUserId } from "../test/builders.js";
import { createTestApp, DIALECTS, postgresAvailable, type TestApp } from "../test/test-app.js";

/**
 * Everything the server logs while a student signs in by link, comes back from Google and proves a
 * phone (once delivered, once refused by a gateway that echoes the message) holds no secret.
 */
for (const dialect of DIALECTS) {
  (dialect === "sqlite" || postgresAvailable() ? describe : describe.skip)(`logs [${dialect}]`, () => {
    const lines: string[] = [];
    const smsBodies: string[] = [];
    let t: TestApp;
    // A gateway that takes the first SMS and refuses the next, quoting it back in its error.
    const gateway = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        smsBodies.push(body);
        res.writeHead(smsBodies.length === 1 ? 200 : 502).end(`{"echo":${body}}`);
      });
    });

    beforeAll(async () => {
      await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
      const { port } = gateway.address() as AddressInfo;
      t = await createTestApp(
        dialect,
        { LOG_LEVEL: "info", SMS_PROVIDER: "http", SMS_HTTP_URL: `http://127.0.0.1:${port}/sms` },
        { logStream: { write: (line) => void lines.push(line) } },
      );
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      gateway.close();
    });

    it("never holds a sign-in link, token, OTP, OAuth code or message body", async () => {
      const email = `logged-${Date.now()}@example.com`;
      const cookie = await t.signIn(email);
      const slot = await buildSlot(t.app.deps.db);
      await buildBooking(t.app.deps.db, { user_id: await findUserId(t.app.deps.db, email), target_id: slot.id });
      const phone = "+91 98450 12345";
      const sent = await t.request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(sent.statusCode).toBe(200);
      const refused = await t.request({
        method: "POST",
        url: "/api/otp/send",
        cookie,
        payload: { phone: "+91 98450 54321" },
      });
      expect(refused.statusCode).toBe(503);
      await t.request({ url: "/api/auth/oauth2/callback/google?code=oauth-code-4f9a1c&state=state-77b2" });
      await t.request({ url: "/api/interviewer/calendar/feedtoken8c1d2e3f4a5b6c7d.ics" });

      const mail = await t.app.deps.db
        .selectFrom("outbox_messages")
        .select("text")
        .where("to_address", "=", email)
        .executeTakeFirstOrThrow();
      const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      const token = new URL(link).searchParams.get("token") ?? "";
      const codes = smsBodies.map((body) => (JSON.parse(body) as { text: string }).text.match(/\d{6}/)?.[0] ?? "");
      expect(token.length).toBeGreaterThan(10);
      expect(codes).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);

      const log = lines.join("");
      // The requests were logged, with their query values hidden.
      expect(log).toContain("/api/auth/magic-link/verify?token=[redacted]&callbackURL=[redacted]");
      expect(log).toContain("/api/auth/oauth2/callback/google?code=[redacted]&state=[redacted]");
      expect(log).toContain("/api/interviewer/calendar/:file");
      expect(log).toContain("verification SMS could not be sent");
      for (const secret of [
        link,
        token,
        "oauth-code-4f9a1c",
        "state-77b2",
        "feedtoken8c1d2e3f4a5b6c7d",
        mail.text.split("\n")[0] ?? "",
      ]) {
        expect(log).not.toContain(secret);
      }
      for (const code of codes) expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
    });
  });
}
