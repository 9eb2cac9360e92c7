import type { AlertChannels, AlertChannelsInput } from "../../../shared/schemas/alert-channels.js";
import type { AppDeps } from "../../app-deps.js";
import type { PhoneAlertKind } from "../../config.js";
import { templateSmsSender } from "../../infrastructure/sms/template-sender.js";
import { whatsAppSender } from "../../infrastructure/whatsapp/sender.js";
import { findProfile } from "../profile/index.js";
import { findAlertChannels, saveAlertChannels } from "./repository.js";
import { PHONE_ALERT_TEXTS } from "./texts.js";

/** SMS unless turned off; WhatsApp only when asked for (Meta requires the person's opt-in). */
const DEFAULT_CHANNELS = { sms: true, whatsapp: false };

async function channelsOf(deps: AppDeps, userId: string) {
  const row = await findAlertChannels(deps.db, userId);
  return row ? { sms: row.sms === 1, whatsapp: row.whatsapp === 1 } : DEFAULT_CHANNELS;
}

export async function getAlertChannels(deps: AppDeps, userId: string): Promise<AlertChannels> {
  const [channels, profile] = await Promise.all([channelsOf(deps, userId), findProfile(deps.db, userId)]);
  return {
    ...channels,
    whatsappAvailable: deps.config.whatsapp !== undefined,
    phoneVerified: Boolean(profile?.phone_verified_at),
  };
}

export async function setAlertChannels(deps: AppDeps, userId: string, input: AlertChannelsInput) {
  await saveAlertChannels(deps.db, userId, input, new Date().toISOString());
  return getAlertChannels(deps, userId);
}

export interface PhoneAlert {
  userId: string;
  kind: PhoneAlertKind;
  /** The template's variables, in order (texts.ts). */
  variables: string[];
}

/** The SMS, when this kind has a registered template (or goes to the development outbox). */
async function sendSms(deps: AppDeps, to: string, alert: PhoneAlert): Promise<void> {
  const templateId = deps.config.sms.templates[alert.kind];
  if (!templateId && deps.config.sms.provider !== "outbox") return;
  const text = PHONE_ALERT_TEXTS[alert.kind](alert.variables);
  await templateSmsSender(deps.config, deps.db).send({
    to,
    templateId: templateId ?? "",
    variables: alert.variables,
    text,
  });
}

async function sendWhatsApp(deps: AppDeps, to: string, alert: PhoneAlert): Promise<void> {
  const settings = deps.config.whatsapp;
  const template = settings?.templates[alert.kind];
  if (!settings || !template) return;
  await whatsAppSender(settings).send({ to, template, parameters: alert.variables });
}

/**
 * Time-critical news on the student's verified phone, by the channels they chose, after the e-mail
 * went out. A gateway's failure is logged and never undoes what the news is about.
 */
export async function sendPhoneAlert(deps: AppDeps, alert: PhoneAlert): Promise<void> {
  const [channels, profile] = await Promise.all([channelsOf(deps, alert.userId), findProfile(deps.db, alert.userId)]);
  if (!profile?.phone_verified_at) return;
  const sends = [
    channels.sms ? sendSms(deps, profile.phone, alert) : undefined,
    channels.whatsapp ? sendWhatsApp(deps, profile.phone, alert) : undefined,
  ];
  const results = await Promise.allSettled(sends.filter((send) => send !== undefined));
  for (const result of results) {
    if (result.status === "rejected") {
      deps.log.error({ err: result.reason, kind: alert.kind, userId: alert.userId }, "phone alert failed");
    }
  }
}
