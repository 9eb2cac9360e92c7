import { z } from "zod";

/** A contact-form message as the admin inbox shows it. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});

export const inboxSchema = z.object({ messages: z.array(inboxMessageSchema), unhandled: z.number().int() });
export type InboxDto = z.infer<typeof inboxSchema>;

export const markHandledInputSchema = z.object({ handled: z.boolean() });
