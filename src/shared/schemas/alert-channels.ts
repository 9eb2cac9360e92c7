import { z } from "zod";

export const alertChannelsInputSchema = z.object({ sms: z.boolean(), whatsapp: z.boolean() });
export type AlertChannelsInput = z.infer<typeof alertChannelsInputSchema>;

/** GET /api/me/alert-channels: the student's choice and what this install can send. */
export const alertChannelsSchema = alertChannelsInputSchema.extend({
  /** WhatsApp is offered only when the operator configured the Cloud API. */
  whatsappAvailable: z.boolean(),
  /** News goes only to a verified phone. */
  phoneVerified: z.boolean(),
});
export type AlertChannels = z.infer<typeof alertChannelsSchema>;
