import { z } from "zod";
import {
  CATALOG_KEYS,
  COMPANY_TYPES,
  INTERNSHIP_TRACKS,
  SLOT_END_MIN_LEAD_MINUTES,
  SLOT_STATUSES,
  WORKSHOP_LEVELS,
  WORKSHOP_TOPICS,
} from "../constants.js";
import { MESSAGES } from "../messages.js";
import { zonedDate, zonedToInstant } from "../time.js";

/** Form values as typed (strings); the validators below decide, with the spec's messages in its order. */
export const interviewerInputSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  qualification: z.string(),
  reviewedBy: z.string(),
  companyTypes: z.array(z.enum(COMPANY_TYPES)),
  active: z.boolean().default(true),
  /** Confirmed by the admin after being shown the interviewer who already has this phone. */
  overwrite: z.boolean().optional(),
});
export type InterviewerInput = z.infer<typeof interviewerInputSchema>;

/** Spec §5 interviewer rules, on trimmed values, first failure wins. */
export function interviewerProblem(input: InterviewerInput): string | null {
  const t = (v: string) => v.trim();
  if (!t(input.name) || !t(input.email)) return MESSAGES.interviewerNameEmailRequired;
  if (!t(input.phone)) return MESSAGES.interviewerPhoneRequired;
  if (!t(input.qualification)) return MESSAGES.interviewerQualificationRequired;
  if (!t(input.reviewedBy)) return MESSAGES.interviewerReviewedByRequired;
  if (input.companyTypes.length === 0) return MESSAGES.interviewerCompanyTypeRequired;
  return null;
}

export const interviewerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  qualification: z.string(),
  reviewedBy: z.string(),
  companyTypes: z.array(z.enum(COMPANY_TYPES)),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InterviewerDto = z.infer<typeof interviewerSchema>;

export const slotInputSchema = z.object({
  interviewerId: z.string(),
  /** Calendar date and wall-clock times in the platform zone. */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  details: z.string().max(2000).default(""),
  capacity: z.coerce.number().default(1),
  status: z.enum(SLOT_STATUSES).default("published"),
  meetingLink: z.string().trim().max(500).default(""),
});
export type SlotInput = z.infer<typeof slotInputSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * Spec §5 slot rules in the spec's order. `interviewerTypes` is undefined when no interviewer is
 * chosen. Returns the first failing message and, when all pass, the instants to store.
 */
export function slotProblem(
  input: Pick<SlotInput, "interviewerId" | "date" | "start" | "end">,
  interviewerTypes: readonly string[] | undefined,
  now: Date,
  timeZone: string,
): { message: string } | { startAt: string; endAt: string } {
  if (!input.interviewerId || interviewerTypes === undefined) return { message: MESSAGES.slotInterviewerRequired };
  if (!DATE.test(input.date) || !TIME.test(input.start) || !TIME.test(input.end) || interviewerTypes.length === 0) {
    return { message: MESSAGES.slotDateTimesRequired };
  }
  if (input.date < zonedDate(now, timeZone)) return { message: MESSAGES.slotInPast };
  const start = zonedToInstant(input.date, input.start, timeZone);
  const end = zonedToInstant(input.date, input.end, timeZone);
  if (end.getTime() < now.getTime() + SLOT_END_MIN_LEAD_MINUTES * 60_000) return { message: MESSAGES.slotEndTooSoon };
  if (end.getTime() <= start.getTime()) return { message: MESSAGES.slotEndBeforeStart };
  return { startAt: start.toISOString(), endAt: end.toISOString() };
}

/** Capacity: at least 1, floored to a whole number (spec §5). */
export const normalizeCapacity = (value: number): number => Math.max(1, Math.floor(Number.isFinite(value) ? value : 1));

export const slotSchema = z.object({
  id: z.string(),
  interviewerId: z.string().nullable(),
  interviewerName: z.string(),
  interviewerEmail: z.string(),
  interviewerPhone: z.string(),
  details: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  packageTypes: z.array(z.string()),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  booked: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  meetingLink: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type SlotDto = z.infer<typeof slotSchema>;

export const weekPlanSchema = z.object({ title: z.string().max(200), deliverables: z.string().max(2000) });

export const internshipInputSchema = z.object({
  title: z.string().trim().max(200).default(""),
  mentor: z.string().trim().max(200),
  startDate: z.string(),
  weeks: z.coerce.number().int(),
  weekPlans: z.array(weekPlanSchema),
  trackKey: z.enum(INTERNSHIP_TRACKS).default("int_frontend"),
  capacity: z.coerce.number().default(30),
  meetingLink: z.string().trim().max(500).default(""),
});
export type InternshipInput = z.infer<typeof internshipInputSchema>;

export function internshipProblem(input: InternshipInput): string | null {
  if (!input.mentor) return "Mentor is required.";
  if (!DATE.test(input.startDate)) return "Pick a start date.";
  if (input.weeks < 1) return "An internship needs at least 1 week.";
  if (input.weekPlans.length !== input.weeks) return "Fill in a plan for each week.";
  return null;
}

export const internshipSchema = z.object({
  id: z.string(),
  title: z.string(),
  mentor: z.string(),
  startDate: z.string(),
  weeks: z.number().int(),
  weekPlans: z.array(weekPlanSchema),
  trackKey: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  meetingLink: z.string().nullable(),
});
export type InternshipDto = z.infer<typeof internshipSchema>;

export const workshopInputSchema = z.object({
  topicKey: z.enum(WORKSHOP_TOPICS),
  title: z.string().trim().max(200),
  level: z.enum(WORKSHOP_LEVELS),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.coerce.number().default(20),
  status: z.enum(SLOT_STATUSES).default("published"),
  meetingLink: z.string().trim().max(500).default(""),
});
export type WorkshopInput = z.infer<typeof workshopInputSchema>;

export function workshopProblem(
  input: WorkshopInput,
  now: Date,
  timeZone: string,
): { message: string } | { startAt: string; endAt: string } {
  if (!input.title) return { message: "Title is required." };
  const timing = slotProblem(
    { interviewerId: "workshop", date: input.date, start: input.start, end: input.end },
    ["workshop"],
    now,
    timeZone,
  );
  if ("message" in timing && timing.message === MESSAGES.slotDateTimesRequired)
    return { message: "Please fill date & times." };
  return timing;
}

export const workshopSchema = z.object({
  id: z.string(),
  topicKey: z.string(),
  title: z.string(),
  level: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  booked: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  meetingLink: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type WorkshopDto = z.infer<typeof workshopSchema>;

export const pricingInputSchema = z.object({
  available: z.boolean(),
  priceRupees: z
    .number({ message: "Enter the price in whole rupees." })
    .int({ message: "Enter the price in whole rupees." })
    .positive({ message: "The price must be more than ₹0." })
    .max(1_000_000),
});
export const catalogKeyParams = z.object({ key: z.enum(CATALOG_KEYS) });

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessageDto = z.infer<typeof contactMessageSchema>;

export const adminSchema = z.object({ email: z.string(), addedBy: z.string().nullable(), createdAt: z.string() });
export type AdminDto = z.infer<typeof adminSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const adminBookingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  packageKey: z.string(),
  title: z.string(),
  startAt: z.string().nullable(),
  studentEmail: z.string(),
  studentName: z.string(),
  amountPaise: z.number().int(),
  flag: z.string().nullable(),
  attendance: z.string().nullable(),
  hasScorecard: z.boolean(),
  payment: z
    .object({
      provider: z.string(),
      orderId: z.string(),
      paymentId: z.string().nullable(),
      status: z.string(),
      refundId: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type AdminBookingDto = z.infer<typeof adminBookingSchema>;
