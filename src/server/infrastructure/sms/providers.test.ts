import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { openDatabase } from "../../db/database.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { SmsGatewayError, smsSender } from "./sender.js";

/**
 * Local stand-ins speaking the providers' protocols: Twilio's Messages API (HTTP Basic auth,
 * form fields, 201 or an error object) and MSG91's SendOTP v5 (`authkey` header, query fields,
 * `{"type":"success"|"error"}`). Each checks the credentials it was given, like the real one.
 */
interface Received {
  provider: "twilio" | "msg91";
  path: string;
  fields: Record<string, string>;
}
const standIn = {
  received: [] as Received[],
  twilio: { sid: "AC0123456789abcdef0123456789abcdef", token: "twilio-auth-token" },
  msg91: { authKey: "msg91-auth-key", templateId: "6650f0c7d6fc05254a4ae1b2" },
  server: http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const reply = (status: number, payload: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      const twilioPath = `/2010-04-01/Accounts/${standIn.twilio.sid}/Messages.json`;
      if (req.method === "POST" && url.pathname === twilioPath) {
        const expected = `Basic ${Buffer.from(`${standIn.twilio.sid}:${standIn.twilio.token}`).toString("base64")}`;
        if (req.headers.authorization !== expected) {
          reply(401, {
            code: 20003,
            message: "Authenticate",
            more_info: "https://www.twilio.com/docs/errors/20003",
            status: 401,
          });
          return;
        }
        if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
          reply(400, { code: 20001, message: "Unsupported content type", status: 400 });
          return;
        }
        const fields = Object.fromEntries(new URLSearchParams(body));
        if (!fields.To || !fields.Body || (!fields.From && !fields.MessagingServiceSid)) {
          reply(400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
          return;
        }
        standIn.received.push({ provider: "twilio", path: url.pathname, fields });
        reply(201, { sid: "SM0123", status: "queued", to: fields.To, body: fields.Body, error_code: null });
        return;
      }
      if (req.method === "POST" && url.pathname === "/api/v5/otp") {
        if (req.headers.authkey !== standIn.msg91.authKey) {
          // MSG91 answers a bad key with HTTP 200 and an error body.
          reply(200, { type: "error", message: "Authentication failure" });
          return;
        }
        const fields = Object.fromEntries(url.searchParams);
        if (fields.template_id !== standIn.msg91.templateId || !/^\d{12}$/.test(fields.mobile ?? "") || !fields.otp) {
          reply(400, { type: "error", message: "Invalid template or mobile" });
          return;
        }
        standIn.received.push({ provider: "msg91", path: url.pathname, fields });
        reply(200, { type: "success", request_id: "3563646b6f4f393534383334" });
        return;
      }
      reply(404, { message: "not found" });
    });
  }),
};
await new Promise<void>((resolve) => standIn.server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => standIn.server.close(() => resolve())));

let counter = 0;
const nextPhone = () => `+9198${String(Date.now()).slice(-6)}${String(++counter).padStart(2, "0")}`;

describeEachDialect(
  "SMS through Twilio's Messages API",
  (t) => {
    it("posts To, From and the text with the account's credentials, and the code verifies the phone", async () => {
      const cookie = await t().signIn(`twilio-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      const sent = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(sent.statusCode).toBe(200);
      const sms = standIn.received.find((m) => m.provider === "twilio" && m.fields.To === phone);
      expect(sms?.fields.From).toBe("+15005550006");
      expect(sms?.fields.MessagingServiceSid).toBeUndefined();
      const code = sms?.fields.Body?.match(/^(\d{6}) is your CareerPrep verification code/)?.[1] ?? "";
      const verified = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
      expect(json(verified)).toEqual({ verified: true });
    });

    it("answers 503 when Twilio refuses the credentials, and the failed send is not held against the student", async () => {
      const cookie = await t().signIn(`twilio-down-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      const token = standIn.twilio.token;
      standIn.twilio.token = "rotated-token";
      const failed = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      standIn.twilio.token = token;
      expect(failed.statusCode).toBe(503);
      expect(json<{ error: { message: string } }>(failed).error.message).toBe(
        "We could not send the code just now. Please try again in a minute.",
      );
      const retry = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(retry.statusCode).toBe(200);
      expect(standIn.received.filter((m) => m.fields.To === phone)).toHaveLength(1);
    });
  },
  {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: standIn.twilio.sid,
    TWILIO_AUTH_TOKEN: standIn.twilio.token,
    TWILIO_FROM: "+15005550006",
    TWILIO_API_URL: base,
  },
);

describeEachDialect(
  "SMS through MSG91's SendOTP",
  (t) => {
    it("sends the code with the DLT template id and the auth key, and the code verifies the phone", async () => {
      const cookie = await t().signIn(`msg91-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      const sent = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(sent.statusCode).toBe(200);
      const sms = standIn.received.find((m) => m.provider === "msg91" && m.fields.mobile === phone.slice(1));
      expect(sms?.fields.template_id).toBe(standIn.msg91.templateId);
      const code = sms?.fields.otp ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const verified = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
      expect(json(verified)).toEqual({ verified: true });
    });

    it("answers 503 when MSG91 says error (even with HTTP 200), and a retry is not held against the student", async () => {
      const cookie = await t().signIn(`msg91-down-${counter}-${Date.now()}@example.com`);
      const phone = nextPhone();
      const key = standIn.msg91.authKey;
      standIn.msg91.authKey = "another-key";
      const failed = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      standIn.msg91.authKey = key;
      expect(failed.statusCode).toBe(503);
      const retry = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
      expect(retry.statusCode).toBe(200);
      expect(standIn.received.filter((m) => m.fields.mobile === phone.slice(1))).toHaveLength(1);
    });
  },
  {
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: standIn.msg91.authKey,
    MSG91_TEMPLATE_ID: standIn.msg91.templateId,
    MSG91_API_URL: base,
  },
);

describe("Twilio with a Messaging Service", () => {
  it("sends MessagingServiceSid instead of From", async () => {
    const config = loadConfig({
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: standIn.twilio.sid,
      TWILIO_AUTH_TOKEN: standIn.twilio.token,
      TWILIO_MESSAGING_SERVICE_SID: "MG0123456789abcdef0123456789abcdef",
      TWILIO_API_URL: `${base}/`,
    });
    const handle = openDatabase(":memory:");
    await smsSender(config, handle.db).send({ to: "+919812345678", text: "123456 is your code", code: "123456" });
    await handle.close();
    const sms = standIn.received.find((m) => m.fields.To === "+919812345678");
    expect(sms?.fields).toEqual({
      To: "+919812345678",
      Body: "123456 is your code",
      MessagingServiceSid: "MG0123456789abcdef0123456789abcdef",
    });
  });

  it("reports Twilio's error answer", async () => {
    const config = loadConfig({
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: standIn.twilio.sid,
      TWILIO_AUTH_TOKEN: "wrong",
      TWILIO_FROM: "+15005550006",
      TWILIO_API_URL: base,
    });
    const handle = openDatabase(":memory:");
    const sending = smsSender(config, handle.db).send({ to: "+919812345679", text: "x", code: "1" });
    await expect(sending).rejects.toThrow(SmsGatewayError);
    await expect(sending).rejects.toThrow(/Twilio answered 401: .*Authenticate/);
    await handle.close();
  });
});
