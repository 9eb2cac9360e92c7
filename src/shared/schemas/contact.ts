import { z } from "zod";
import { EMAIL_PATTERN } from "../email.js";
import { CONTACT_MESSAGES, MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine, isVisibleParagraph } from "../plain-text.js";

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const requiredLine = (required: string, max: number, tooLong: string) =>
  requiredText(required, max, tooLong).refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine });

/** The contact form (docs/product.md, Landing page), checked alike by the form and by POST /api/contact. */
export const contactMessageSchema = z.object({
  name: requiredLine(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: requiredLine(CONTACT_MESSAGES.emailRequired, CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong).regex(
    EMAIL_PATTERN,
    MESSAGES.invalidEmail,
  ),
  subject: requiredLine(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_LIMITS.message,
    CONTACT_MESSAGES.messageTooLong,
  ).refine(isVisibleParagraph, { message: TEXT_MESSAGES.hiddenInParagraph }),
  /** The hidden honeypot: people leave it empty, form-filling bots do not. */
  website: z.string().max(2000).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const contactReceivedSchema = z.object({ received: z.literal(true) });
