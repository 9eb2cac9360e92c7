import { z } from "zod";
import { ADMIN_MESSAGES } from "../messages.js";
import { nextCursorSchema } from "./pagination.js";

export const CONTACT_REPLY_MAX = 5000;

/** An admin's reply in a message's thread; `sentAt` is null while the mail is on its way. */
export const contactReplySchema = z.object({
  id: z.string(),
  authorEmail: z.string(),
  message: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ContactReplyDto = z.infer<typeof contactReplySchema>;

/** POST /api/admin/messages/:id/replies */
export const contactReplyInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, ADMIN_MESSAGES.replyEmpty)
    .max(CONTACT_REPLY_MAX, ADMIN_MESSAGES.replyTooLong(CONTACT_REPLY_MAX)),
});

/** A contact-form message as the admin inbox shows it. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
  /** The admins' replies, oldest first. */
  replies: z.array(contactReplySchema),
});

/** A page of the inbox, newest first; `unhandled` counts every message still waiting, not only this page's. */
export const inboxSchema = z.object({
  messages: z.array(inboxMessageSchema),
  unhandled: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type InboxDto = z.infer<typeof inboxSchema>;

export const markHandledInputSchema = z.object({ handled: z.boolean() });
