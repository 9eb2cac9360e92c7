import type { Config } from "../../config.js";

export interface WhatsAppTemplateMessage {
  /** E.164, e.g. +919876543210. */
  to: string;
  /** An approved template's name. */
  template: string;
  /** The body's parameters, in the order of the template's {{1}}, {{2}}… */
  parameters: string[];
}

export interface WhatsAppSender {
  send(message: WhatsAppTemplateMessage): Promise<void>;
}

export class WhatsAppError extends Error {
  constructor(status: number, detail: string) {
    super(`WhatsApp Cloud API answered ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "WhatsAppError";
  }
}

/**
 * The WhatsApp Business Cloud API: `POST /{version}/{phone-number-id}/messages` with the bearer
 * token and a template message (`messaging_product: "whatsapp"`, `type: "template"`, the template's
 * name, language and body parameters). A message to someone who has not written first must be an
 * approved template. Success answers 200 with `messages[0].id`; errors answer 4xx with `{error}`.
 */
export function whatsAppSender(settings: NonNullable<Config["whatsapp"]>): WhatsAppSender {
  const url = `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    async send({ to, template, parameters }) {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: to.replace(/^\+/, ""),
          type: "template",
          template: {
            name: template,
            language: { code: settings.language },
            components: [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }],
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      if (!response.ok) throw new WhatsAppError(response.status, detail);
    },
  };
}
