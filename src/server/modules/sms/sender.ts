import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { saveOutboxMessage } from "../outbox/repository.js";

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** Development: the SMS lands in the outbox (GET /api/dev/outbox, /dev/outbox). */
function outboxSms(db: Db): SmsSender {
  return {
    send: (to, text) => saveOutboxMessage(db, { channel: "sms", to, subject: "SMS", text }),
  };
}

/** Any HTTP SMS gateway that accepts `POST {to, text}` with a bearer token (MSG91, Twilio via a relay…). */
function httpSms(url: string, token: string | undefined): SmsSender {
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function smsSender(config: Config, db: Db): SmsSender {
  return config.sms.provider === "http" && config.sms.httpUrl
    ? httpSms(config.sms.httpUrl, config.sms.httpToken)
    : outboxSms(db);
}
