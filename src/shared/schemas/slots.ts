import { z } from "zod";
import { COMPANY_TYPES, SLOT_END_MIN_LEAD_MINUTES, SLOT_STATUSES } from "../constants.js";
import { ADMIN_MESSAGES, MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine, isVisibleParagraph } from "../plain-text.js";
import { zonedDate, zonedToInstant } from "../time.js";
import { isWebLink } from "../web-link.js";
import { firstIssue } from "./first-issue.js";

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^\d{2}:\d{2}$/;

/** Empty, or an http(s) address: it becomes a link on the student's dashboard. */
export const meetingLinkSchema = z
  .string()
  .trim()
  .max(500, { message: ADMIN_MESSAGES.meetingLinkInvalid })
  .refine((value) => value === "" || (isWebLink(value) && isVisibleLine(value)), {
    message: ADMIN_MESSAGES.meetingLinkInvalid,
  });

/** Capacity: a number of at least 1, floored to a whole number (docs/product.md, Slots); 0 is refused, never saved as 1. */
export const capacitySchema = z.coerce
  .number({ message: ADMIN_MESSAGES.capacityAtLeastOne })
  .refine((value) => Number.isFinite(value) && value >= 1, { message: ADMIN_MESSAGES.capacityAtLeastOne })
  .transform(Math.floor);

/** The slot form as typed: a calendar date and wall-clock times in the platform zone. */
export const slotInputSchema = z.object({
  interviewerId: z.string().default(""),
  date: z.string().default(""),
  start: z.string().default(""),
  end: z.string().default(""),
  details: z
    .string()
    .trim()
    .max(2000)
    .refine(isVisibleParagraph, { message: TEXT_MESSAGES.hiddenInParagraph })
    .default(""),
  capacity: capacitySchema.default(1),
  status: z.enum(SLOT_STATUSES).default("published"),
  meetingLink: meetingLinkSchema.default(""),
});
export type SlotForm = z.input<typeof slotInputSchema>;
export type SlotInput = z.output<typeof slotInputSchema>;

export interface SessionTimes {
  startAt: string;
  endAt: string;
}

/** Messages of the timing rules, so workshops reuse the slot rules with their own words. */
export interface TimingMessages {
  dateTimesRequired: string;
  inPast: string;
  endTooSoon: string;
}

/** Date, times, not before today (in the zone), end at least 5 minutes ahead, end after start, in the order of docs/product.md, Slots. */
export function timingProblem(
  input: { date: string; start: string; end: string },
  now: Date,
  timeZone: string,
  messages: TimingMessages,
): { message: string } | SessionTimes {
  if (!DATE.test(input.date) || !TIME.test(input.start) || !TIME.test(input.end)) {
    return { message: messages.dateTimesRequired };
  }
  if (input.date < zonedDate(now, timeZone)) return { message: messages.inPast };
  const start = zonedToInstant(input.date, input.start, timeZone);
  const end = zonedToInstant(input.date, input.end, timeZone);
  if (end.getTime() < now.getTime() + SLOT_END_MIN_LEAD_MINUTES * 60_000) return { message: messages.endTooSoon };
  if (end.getTime() <= start.getTime()) return { message: MESSAGES.slotEndBeforeStart };
  return { startAt: start.toISOString(), endAt: end.toISOString() };
}

/**
 * The slot rules in the order of docs/product.md, Slots. `interviewerTypes` is undefined when no (active)
 * interviewer is chosen. Returns the first failing message or, when all pass, the instants to store.
 */
export function slotProblem(
  input: Pick<SlotInput, "interviewerId" | "date" | "start" | "end">,
  interviewerTypes: readonly string[] | undefined,
  now: Date,
  timeZone: string,
): { message: string } | SessionTimes {
  if (!input.interviewerId || interviewerTypes === undefined) return { message: MESSAGES.slotInterviewerRequired };
  if (interviewerTypes.length === 0) return { message: MESSAGES.slotDateTimesRequired };
  return timingProblem(input, now, timeZone, {
    dateTimesRequired: MESSAGES.slotDateTimesRequired,
    inPast: MESSAGES.slotInPast,
    endTooSoon: MESSAGES.slotEndTooSoon,
  });
}

/**
 * The whole slot form check, as the server runs it: the body's shape first (the route schema),
 * then the slot rules (docs/product.md, Slots). The console runs this before sending, so both show the same first message.
 */
export function checkSlotForm(
  form: SlotForm,
  interviewerTypes: readonly string[] | undefined,
  now: Date,
  timeZone: string,
): { message: string } | { input: SlotInput; times: SessionTimes } {
  const parsed = slotInputSchema.safeParse(form);
  if (!parsed.success) return { message: firstIssue(parsed.error) };
  const times = slotProblem(parsed.data, interviewerTypes, now, timeZone);
  return "message" in times ? times : { input: parsed.data, times };
}

/** The form's fields a rule can fail on; each shows its own message beside it. */
export type SlotField = "interviewerId" | "date" | "start" | "end" | "capacity" | "meetingLink" | "details" | "status";

/**
 * Every failing slot rule at once, by the field it concerns (docs/admin.md, The rules the forms
 * check): the console marks each field; the server still answers with the first, in the same words.
 */
export function slotFieldProblems(
  form: SlotForm,
  interviewerTypes: readonly string[] | undefined,
  now: Date,
  timeZone: string,
): Partial<Record<SlotField, string>> {
  const problems: Partial<Record<SlotField, string>> = {};
  const parsed = slotInputSchema.safeParse(form);
  if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as SlotField] ??= issue.message;
  const input = { date: String(form.date ?? ""), start: String(form.start ?? ""), end: String(form.end ?? "") };
  if (!form.interviewerId || interviewerTypes === undefined) problems.interviewerId = MESSAGES.slotInterviewerRequired;
  else if (interviewerTypes.length === 0) problems.interviewerId = MESSAGES.slotDateTimesRequired;
  const missing = (["date", "start", "end"] as const).filter((k) => !(k === "date" ? DATE : TIME).test(input[k]));
  for (const key of missing) problems[key] = MESSAGES.slotDateTimesRequired;
  if (missing.length > 0) return problems;
  if (input.date < zonedDate(now, timeZone)) problems.date = MESSAGES.slotInPast;
  const times = timingProblem(input, now, timeZone, {
    dateTimesRequired: MESSAGES.slotDateTimesRequired,
    inPast: MESSAGES.slotInPast,
    endTooSoon: MESSAGES.slotEndTooSoon,
  });
  if ("message" in times && times.message !== MESSAGES.slotInPast) problems.end = times.message;
  return problems;
}

export const slotSchema = z.object({
  id: z.string(),
  interviewerId: z.string().nullable(),
  interviewerName: z.string(),
  interviewerEmail: z.string(),
  interviewerPhone: z.string(),
  details: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  packageTypes: z.array(z.enum(COMPANY_TYPES)),
  capacity: z.number().int(),
  /** Capacity minus paid seats, pending payments and unexpired holds. */
  seatsLeft: z.number().int(),
  /** Paid seats: while any exist the slot can be cancelled, not deleted. */
  booked: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  meetingLink: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type SlotDto = z.infer<typeof slotSchema>;

export const slotWeekQuerySchema = z.object({
  week: z.string().regex(DATE, { message: "week must be a date (YYYY-MM-DD)" }),
});
export const slotWeekSchema = z.object({ weekStart: z.string(), slots: z.array(slotSchema) });
export type SlotWeekDto = z.infer<typeof slotWeekSchema>;
