import { z } from "zod";
import { COMPANY_TYPES, DOMAINS, PHONE_MIN_DIGITS } from "../constants.js";
import { isValidEmail } from "../email.js";
import { ADMIN_MESSAGES, MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine } from "../plain-text.js";

const text = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, { message: requiredMessage })
    .max(200, { message: ADMIN_MESSAGES.fieldTooLong })
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine });

/** Phones compare by their digits: "+91 98450-12345" and "+919845012345" are one phone. */
export const phoneKey = (phone: string): string => phone.replace(/\D/g, "");

/**
 * The interviewer form (add and edit), shared by the console and the server. Values are trimmed;
 * fields are checked in the documented order (docs/product.md, Interviewers), so the first problem is the one users are told.
 */
export const interviewerInputSchema = z.object({
  name: text(MESSAGES.interviewerNameEmailRequired),
  email: text(MESSAGES.interviewerNameEmailRequired)
    .refine(isValidEmail, { message: MESSAGES.invalidEmail })
    .transform((email) => email.toLowerCase()),
  phone: text(MESSAGES.interviewerPhoneRequired).refine((phone) => phoneKey(phone).length >= PHONE_MIN_DIGITS, {
    message: ADMIN_MESSAGES.interviewerPhoneDigits,
  }),
  qualification: text(MESSAGES.interviewerQualificationRequired),
  reviewedBy: text(MESSAGES.interviewerReviewedByRequired),
  companyTypes: z
    .array(z.enum(COMPANY_TYPES))
    .min(1, { message: MESSAGES.interviewerCompanyTypeRequired })
    .transform((types) => [...new Set(types)]),
  /** The mock-interview domains they interview for; every domain when the form leaves it out. */
  domains: z
    .array(z.enum(DOMAINS))
    .min(1, { message: ADMIN_MESSAGES.interviewerDomainRequired })
    .default([...DOMAINS])
    .transform((domains) => [...new Set(domains)]),
  active: z.boolean().default(true),
  /** Set after the admin was shown the interviewer who already has this phone and chose to overwrite. */
  overwrite: z.boolean().default(false),
});
export type InterviewerForm = z.input<typeof interviewerInputSchema>;
export type InterviewerInput = z.output<typeof interviewerInputSchema>;

export const interviewerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  qualification: z.string(),
  reviewedBy: z.string(),
  companyTypes: z.array(z.enum(COMPANY_TYPES)),
  domains: z.array(z.enum(DOMAINS)),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InterviewerDto = z.infer<typeof interviewerSchema>;

/** `error.details` of a 409 DUPLICATE_PHONE: who has the phone already. */
export const phoneOwnerSchema = interviewerSchema.pick({ id: true, name: true, email: true, phone: true }).extend({
  /** Paid or paying bookings on their slots still to come: while any exist, the add form may not overwrite them. */
  upcomingBookings: z.number().int().default(0),
});
export type PhoneOwner = z.infer<typeof phoneOwnerSchema>;
