import { z } from "zod";
import { COMPANY_TYPES, SLOT_END_MIN_LEAD_MINUTES, SLOT_STATUSES } from "../constants.js";
import { ADMIN_MESSAGES, MESSAGES } from "../messages.js";
import { zonedDate, zonedToInstant } from "../time.js";
import { firstIssue } from "./first-issue.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Empty, or an http(s) address: it becomes a link on the student's dashboard. */
export const meetingLinkSchema = z
  .string()
  .trim()
  .max(500, { message: ADMIN_MESSAGES.meetingLinkInvalid })
  .refine((value) => value === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
    message: ADMIN_MESSAGES.meetingLinkInvalid,
  });

/** Capacity: at least 1, floored to a whole number (docs/product.md, Slots). */
export const normalizeCapacity = (value: number): number => Math.max(1, Math.floor(Number.isFinite(value) ? value : 1));
export const capacitySchema = z.coerce.number().catch(1).transform(normalizeCapacity);

/** The slot form as typed: a calendar date and wall-clock times in the platform zone. */
export const slotInputSchema = z.object({
  interviewerId: z.string().default(""),
  date: z.string().default(""),
  start: z.string().default(""),
  end: z.string().default(""),
  details: z.string().trim().max(2000).default(""),
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
