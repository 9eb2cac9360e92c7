import { z } from "zod";
import { nextCursorSchema } from "./pagination.js";

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

/** A page of the inbox, newest first; `unhandled` counts every message still waiting, not only this page's. */
export const inboxSchema = z.object({
  messages: z.array(inboxMessageSchema),
  unhandled: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type InboxDto = z.infer<typeof inboxSchema>;

export const markHandledInputSchema = z.object({ handled: z.boolean() });
