import type { Config } from "../../config.js";
import type { Db } from "../../db/database.js";
import { saveOutboxMessage } from "../outbox/repository.js";
import { SmsGatewayError } from "./sender.js";

/**
 * A message of a template registered on DLT (Indian carriers deliver nothing else): the template's
 * id, its variables in order, and the text they make, which is the registered text filled in.
 */
export interface TemplateSms {
  to: string;
  templateId: string;
  variables: string[];
  text: string;
}

export interface TemplateSmsSender {
  send(message: TemplateSms): Promise<void>;
}

const TIMEOUT_MS = 15_000;

async function failUnlessOk(provider: string, response: Response): Promise<string> {
  const detail = (await response.text().catch(() => "")).slice(0, 300);
  if (!response.ok) throw new SmsGatewayError(provider, response.status, detail);
  return detail;
}

/**
 * MSG91's Flow API (`POST /api/v5/flow`, `authkey` header): the template id and, per recipient,
 * `mobiles` (country code first, no `+`) and the template's variables as `VAR1`, `VAR2`… MSG91 may
 * answer HTTP 200 with `{"type":"error"}`, so the body's `type` decides.
 */
function msg91Flow(settings: Config["sms"]["msg91"]): TemplateSmsSender {
  return {
    async send({ to, templateId, variables }) {
      const recipient: Record<string, string> = { mobiles: to.replace(/^\+/, "") };
      variables.forEach((value, index) => {
        recipient[`VAR${index + 1}`] = value;
      });
      const response = await fetch(`${settings.apiUrl}/api/v5/flow`, {
        method: "POST",
        headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ template_id: templateId, short_url: "0", recipients: [recipient] }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const detail = await failUnlessOk("MSG91", response);
      let type: unknown;
      try {
        type = (JSON.parse(detail) as { type?: unknown }).type;
      } catch {
        type = undefined;
      }
      if (type !== "success") throw new SmsGatewayError("MSG91", response.status, detail);
    },
  };
}

/** Twilio's Messages API with the registered text (Twilio matches it to the sender's DLT template). */
function twilioText(settings: Config["sms"]["twilio"]): TemplateSmsSender {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const basic = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64");
  return {
    async send({ to, text }) {
      const form = new URLSearchParams({ To: to, Body: text });
      if (settings.messagingServiceSid) form.set("MessagingServiceSid", settings.messagingServiceSid);
      else form.set("From", settings.from);
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await failUnlessOk("Twilio", response);
    },
  };
}

/** The generic gateway gets the text and the template id: `POST {to, text, templateId}`. */
function httpTemplate(url: string, token: string | undefined): TemplateSmsSender {
  return {
    async send({ to, text, templateId }) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text, templateId }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await failUnlessOk("SMS gateway", response);
    },
  };
}

/** The configured gateway, for news (a code goes through `smsSender`); development: the outbox. */
export function templateSmsSender(config: Config, db: Db): TemplateSmsSender {
  switch (config.sms.provider) {
    case "http":
      return httpTemplate(config.sms.httpUrl ?? "", config.sms.httpToken);
    case "twilio":
      return twilioText(config.sms.twilio);
    case "msg91":
      return msg91Flow(config.sms.msg91);
    default:
      return { send: ({ to, text }) => saveOutboxMessage(db, { channel: "sms", to, subject: "SMS", text }) };
  }
}
