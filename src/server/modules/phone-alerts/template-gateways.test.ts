import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { formatInstant } from "../../../shared/time.js";
import { buildBooking, buildCompletedProfile, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { PHONE_ALERT_TEXTS } from "./texts.js";

/**
 * Local stand-ins for the two other news gateways, each checking the request the way the real one
 * would: Twilio's Messages API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic
 * auth, form-encoded `To`, `Body`, `From` or `MessagingServiceSid`; 201, or `{code, message}` errors)
 * and the generic HTTP gateway (`POST {to, text, templateId}` as JSON with a bearer token,
 * docs/decisions/0032-sms-gateways-over-fetch.md).
 */
const TWILIO = { sid: "AC0123456789abcdef0123456789abcdef", token: "twilio-auth-token", from: "+15005550006" };
const HTTP_TOKEN = "relay-token";
const CANCELLED_TEMPLATE = "1107170000000000012";
const TEMPLATE_IDS = `session_cancelled=${CANCELLED_TEMPLATE},reminder=1107170000000000011`;

interface Received {
  gateway: "twilio" | "http";
  fields: Record<string, unknown>;
}
const received: Received[] = [];
/** Every number Twilio was asked to text, with its answer's status, accepted or not. */
const twilioAttempts: { to: string; status: number }[] = [];

function twilio(req: http.IncomingMessage, body: string): [number, unknown] {
  const answer = twilioAnswer(req, body);
  twilioAttempts.push({ to: new URLSearchParams(body).get("To") ?? "", status: answer[0] });
  return answer;
}

function twilioAnswer(req: http.IncomingMessage, body: string): [number, unknown] {
  const basic = `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString("base64")}`;
  if (req.headers.authorization !== basic) return [401, { code: 20003, message: "Authenticate", status: 401 }];
  if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
    return [400, { code: 20001, message: "Unsupported content type", status: 400 }];
  }
  const fields = Object.fromEntries(new URLSearchParams(body));
  if (!/^\+\d{8,15}$/.test(fields.To ?? "")) return [400, { code: 21211, message: "Invalid 'To' Phone Number" }];
  if (!fields.Body || (!fields.From && !fields.MessagingServiceSid)) {
    return [400, { code: 21602, message: "Message body is required.", status: 400 }];
  }
  received.push({ gateway: "twilio", fields });
  return [201, { sid: "SM0123", status: "queued", to: fields.To, body: fields.Body, error_code: null }];
}

function relay(req: http.IncomingMessage, body: string): [number, unknown] {
  if (req.headers.authorization !== `Bearer ${HTTP_TOKEN}`) return [401, { error: "unauthorised" }];
  if (!req.headers["content-type"]?.startsWith("application/json")) return [415, { error: "json only" }];
  const fields = JSON.parse(body) as Record<string, unknown>;
  if (typeof fields.to !== "string" || typeof fields.text !== "string" || typeof fields.templateId !== "string") {
    return [422, { error: "to, text and templateId are required" }];
  }
  received.push({ gateway: "http", fields });
  return [202, { queued: true }];
}

const standIn = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    const [status, payload] =
      req.method !== "POST"
        ? [405, {}]
        : req.url === `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`
          ? twilio(req, body)
          : req.url === "/sms"
            ? relay(req, body)
            : [404, { message: "not found" }];
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
  });
});
await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

let counter = 0;

/** A student with a verified phone whose mock interview, two days away, the admin cancels. */
async function cancelByAdmin(t: TestApp) {
  const address = `gateway-${++counter}-${Date.now()}@example.com`;
  await t.signIn(address);
  const userId = await findUserId(t.app.deps.db, address);
  const { phone } = await buildCompletedProfile(t.app.deps.db, userId);
  const start = new Date(Date.now() + 48 * 3_600_000);
  const slot = await buildSlot(t.app.deps.db, {
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
  });
  const booking = await buildBooking(t.app.deps.db, { user_id: userId, target_id: slot.id });
  const cancelled = await t.request({
    method: "POST",
    url: `/api/admin/bookings/${booking.id}/cancel`,
    cookie: await t.signInAdmin(),
    payload: {},
  });
  expect(json(cancelled)).toMatchObject({ cancelledBookings: 1 });
  const text = PHONE_ALERT_TEXTS.session_cancelled([
    "Service-based mock interview",
    formatInstant(slot.start_at, "Asia/Kolkata", "IST"),
  ]);
  return { phone, text };
}

describeEachDialect(
  "news by SMS through Twilio's Messages API",
  (t) => {
    it("posts the registered text, filled in, to the student's number from the configured sender", async () => {
      const { phone, text } = await cancelByAdmin(t());
      expect(received.filter((r) => r.fields.To === phone)).toEqual([
        { gateway: "twilio", fields: { To: phone, Body: text, From: TWILIO.from } },
      ]);
    });
  },
  {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: TWILIO.token,
    TWILIO_FROM: TWILIO.from,
    TWILIO_API_URL: base,
    SMS_TEMPLATE_IDS: TEMPLATE_IDS,
  },
);

describeEachDialect(
  "news by SMS through Twilio with refused credentials",
  (t) => {
    it("the refusal is taken in its stride and the cancellation stands", async () => {
      const { phone } = await cancelByAdmin(t());
      expect(twilioAttempts.filter((a) => a.to === phone)).toEqual([{ to: phone, status: 401 }]);
      expect(received.filter((r) => r.fields.To === phone)).toEqual([]);
    });
  },
  {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: TWILIO.sid,
    TWILIO_AUTH_TOKEN: "rotated-token",
    TWILIO_FROM: TWILIO.from,
    TWILIO_API_URL: base,
    SMS_TEMPLATE_IDS: TEMPLATE_IDS,
  },
);

describeEachDialect(
  "news by SMS through an HTTP gateway",
  (t) => {
    it("posts the number, the registered text and its DLT template id with the bearer token", async () => {
      const { phone, text } = await cancelByAdmin(t());
      expect(received.filter((r) => r.fields.to === phone)).toEqual([
        { gateway: "http", fields: { to: phone, text, templateId: CANCELLED_TEMPLATE } },
      ]);
    });
  },
  {
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: `${base}/sms`,
    SMS_HTTP_TOKEN: HTTP_TOKEN,
    SMS_TEMPLATE_IDS: TEMPLATE_IDS,
  },
);
