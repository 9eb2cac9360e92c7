import { z } from "zod";
import { SLOT_STATUSES, WORKSHOP_LEVELS } from "../constants.js";
import { ADMIN_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine } from "../plain-text.js";
import { workshopTopicSchema } from "./catalog.js";
import { firstIssue } from "./first-issue.js";
import { capacitySchema, DATE, meetingLinkSchema, type SessionTimes, TIME, timingProblem } from "./slots.js";

/** A workshop session as the console's form types it; times are wall-clock in the platform zone. */
export const workshopInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: ADMIN_MESSAGES.workshopTitleRequired })
    .max(200, { message: ADMIN_MESSAGES.fieldTooLong })
    .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  topicKey: workshopTopicSchema,
  level: z.enum(WORKSHOP_LEVELS),
  date: z.string().default(""),
  start: z.string().default(""),
  end: z.string().default(""),
  capacity: capacitySchema.default(20),
  status: z.enum(SLOT_STATUSES).default("published"),
  meetingLink: meetingLinkSchema.default(""),
  /** The interviewer who runs the session; empty for none. Their slots and sessions never overlap. */
  hostInterviewerId: z.string().trim().max(100).default(""),
});
export type WorkshopForm = z.input<typeof workshopInputSchema>;
export type WorkshopInput = z.output<typeof workshopInputSchema>;

/** The slot timing rules (docs/product.md, Slots) in the same order, worded for a workshop. */
export function workshopTimingProblem(
  input: Pick<WorkshopInput, "date" | "start" | "end">,
  now: Date,
  timeZone: string,
): { message: string } | SessionTimes {
  return timingProblem(input, now, timeZone, {
    dateTimesRequired: ADMIN_MESSAGES.workshopDateTimesRequired,
    inPast: ADMIN_MESSAGES.workshopInPast,
    endTooSoon: ADMIN_MESSAGES.workshopEndTooSoon,
  });
}

/** Shape, then timing: the server's order, so the console shows the message the server would. */
export function checkWorkshopForm(
  form: WorkshopForm,
  now: Date,
  timeZone: string,
): { message: string } | { input: WorkshopInput; times: SessionTimes } {
  const parsed = workshopInputSchema.safeParse(form);
  if (!parsed.success) return { message: firstIssue(parsed.error) };
  const times = workshopTimingProblem(parsed.data, now, timeZone);
  return "message" in times ? times : { input: parsed.data, times };
}

/**
 * Every rule the workshop form breaks, each beside its field (the server answers with the first):
 * the shape's rules, then a missing date or time where it is missing, then the timing rules.
 */
export function workshopFieldProblems(form: WorkshopForm, now: Date, timeZone: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = workshopInputSchema.safeParse(form);
  if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  const input = { date: String(form.date ?? ""), start: String(form.start ?? ""), end: String(form.end ?? "") };
  const missing = (["date", "start", "end"] as const).filter((k) => !(k === "date" ? DATE : TIME).test(input[k]));
  for (const key of missing) problems[key] ??= ADMIN_MESSAGES.workshopDateTimesRequired;
  if (missing.length > 0) return problems;
  const times = workshopTimingProblem(input, now, timeZone);
  if ("message" in times) problems[times.message === ADMIN_MESSAGES.workshopInPast ? "date" : "end"] ??= times.message;
  return problems;
}

export const workshopSchema = z.object({
  id: z.string(),
  topicKey: workshopTopicSchema,
  title: z.string(),
  level: z.enum(WORKSHOP_LEVELS),
  startAt: z.string(),
  endAt: z.string(),
  capacity: z.number().int(),
  seatsLeft: z.number().int(),
  booked: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  meetingLink: z.string().nullable(),
  hostInterviewerId: z.string().nullable(),
  /** The host's name, or null without a host (or once that interviewer was deleted). */
  hostName: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type WorkshopDto = z.infer<typeof workshopSchema>;
