import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { saveOutboxMessage } from "../outbox/repository.js";

export interface SmsMessage {
  /** E.164, e.g. +919876543210. */
  to: string;
  text: string;
  /** The one-time code inside `text`, for gateways that fill it into a registered template (MSG91). */
  code: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Thrown when a gateway refuses or fails; the caller answers 503 and forgets the code. */
export class SmsGatewayError extends Error {
  constructor(provider: string, status: number, detail: string) {
    super(`${provider} answered ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "SmsGatewayError";
  }
}

const TIMEOUT_MS = 15_000;

/** The gateway's answer for the log, with the code cut out should the gateway echo it (docs/security.md, Logs). */
async function readDetail(response: Response, code: string): Promise<string> {
  const text = await response.text().catch(() => "");
  return text.replaceAll(code, "[code]").slice(0, 300);
}

/** Development: the SMS lands in the outbox (GET /api/dev/outbox, /dev/outbox). */
function outboxSms(db: Db): SmsSender {
  return {
    send: ({ to, text }) => saveOutboxMessage(db, { channel: "sms", to, subject: "SMS", text }),
  };
}

/** Any HTTP SMS gateway (or relay) that accepts `POST {to, text}` with a bearer token. */
function httpSms(url: string, token: string | undefined): SmsSender {
  return {
    async send({ to, text, code }) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new SmsGatewayError("SMS gateway", response.status, await readDetail(response, code));
    },
  };
}

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP
 * Basic auth (Account SID and Auth Token), form-encoded `To`, `Body` and either `From` or
 * `MessagingServiceSid`. A created message answers 201; errors answer 4xx/5xx with
 * `{code, message}`.
 */
function twilioSms(settings: Config["sms"]["twilio"]): SmsSender {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const basic = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64");
  return {
    async send({ to, text, code }) {
      const form = new URLSearchParams({ To: to, Body: text });
      if (settings.messagingServiceSid) form.set("MessagingServiceSid", settings.messagingServiceSid);
      else form.set("From", settings.from);
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new SmsGatewayError("Twilio", response.status, await readDetail(response, code));
    },
  };
}

/**
 * MSG91 SendOTP (v5): `POST /api/v5/otp?template_id=…&mobile=…&otp=…` with the `authkey` header.
 * The template is the one registered on DLT (Indian carriers deliver nothing else) with `##OTP##`
 * where the code goes, so MSG91 is given the code, not our text. The number goes without `+`
 * (country code first). MSG91 can answer 200 with `{"type":"error","message":…}`, so the body's
 * `type` decides.
 */
function msg91Sms(settings: Config["sms"]["msg91"]): SmsSender {
  return {
    async send({ to, code }) {
      const url = new URL(`${settings.apiUrl}/api/v5/otp`);
      url.searchParams.set("template_id", settings.templateId);
      url.searchParams.set("mobile", to.replace(/^\+/, ""));
      url.searchParams.set("otp", code);
      const response = await fetch(url, {
        method: "POST",
        headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
        body: "{}",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const detail = await readDetail(response, code);
      let type: unknown;
      try {
        type = (JSON.parse(detail) as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      if (!response.ok || type !== "success") throw new SmsGatewayError("MSG91", response.status, detail);
    },
  };
}

export function smsSender(config: Config, db: Db): SmsSender {
  switch (config.sms.provider) {
    case "http":
      return httpSms(config.sms.httpUrl ?? "", config.sms.httpToken);
    case "twilio":
      return twilioSms(config.sms.twilio);
    case "msg91":
      return msg91Sms(config.sms.msg91);
    default:
      return outboxSms(db);
  }
}
