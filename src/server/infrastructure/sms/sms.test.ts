import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect, json } from "../../test/test-app.js";

/** A local SMS gateway: records what it is asked to send, and can be told to fail. */
const gateway = {
  received: [] as { to: string; text: string; authorization: string | undefined }[],
  failing: false,
  server: http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (gateway.failing) {
        res.writeHead(502).end();
        return;
      }
      gateway.received.push({
        ...(JSON.parse(body) as { to: string; text: string }),
        authorization: req.headers.authorization,
      });
      res.writeHead(202, { "content-type": "application/json" }).end("{}");
    });
  }),
};
await new Promise<void>((resolve) => gateway.server.listen(0, "127.0.0.1", resolve));
const port = (gateway.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => gateway.server.close(() => resolve())));

let counter = 0;
const nextPhone = () => `+91990000${String(++counter).padStart(4, "0")}${Math.floor(Math.random() * 10)}`;

describeEachDialect(
  "SMS through an HTTP gateway",
  (t) => {
    it("sends the code to the gateway with its token, and the code verifies the phone", async () => {
      const cookie = await t().signIn(`sms-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      const sent = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(sent.statusCode).toBe(200);
      const sms = gateway.received.find((m) => m.to === phone);
      expect(sms?.authorization).toBe("Bearer sms-gateway-token");
      const code = sms?.text.match(/\b\d{6}\b/)?.[0] ?? "";
      const verified = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
      expect(json(verified)).toEqual({ verified: true });
      const outbox = await t()
        .app.deps.db.selectFrom("outbox_messages")
        .select("id")
        .where("to_address", "=", phone)
        .execute();
      expect(outbox).toEqual([]);
    });

    it("says so when the gateway fails, and a retry is not held against the student", async () => {
      const cookie = await t().signIn(`sms-down-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      gateway.failing = true;
      const failed = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      gateway.failing = false;
      expect(failed.statusCode).toBe(503);
      expect(json<{ error: { message: string } }>(failed).error.message).toBe(
        "We could not send the code just now. Please try again in a minute.",
      );
      const retry = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(retry.statusCode).toBe(200);
      expect(gateway.received.filter((m) => m.to === phone)).toHaveLength(1);
    });
  },
  { SMS_PROVIDER: "http", SMS_HTTP_URL: `http://127.0.0.1:${port}/send`, SMS_HTTP_TOKEN: "sms-gateway-token" },
);
