import { z } from "zod";
import { DOMAINS, PAID_STATUSES } from "../constants.js";

/** One booked mock interview as its interviewer sees it (docs/product.md, Interviewers). */
export const interviewerSessionSchema = z.object({
  bookingId: z.string(),
  slotId: z.string(),
  packageKey: z.string(),
  /** The mock-interview domain the student booked it for; null for any (docs/product.md, Domains). */
  domain: z.enum(DOMAINS).nullable(),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(PAID_STATUSES),
  studentName: z.string(),
  studentEmail: z.string(),
  resumeUrl: z.string().nullable(),
  meetingLink: z.string().nullable(),
  hasScorecard: z.boolean(),
});
export type InterviewerSession = z.infer<typeof interviewerSessionSchema>;

/** A workshop session the interviewer hosts that has not ended (decision 0190). */
export const hostedWorkshopSchema = z.object({
  id: z.string(),
  title: z.string(),
  level: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  meetingLink: z.string().nullable(),
  /** Paid seats (confirmed bookings) of its capacity. */
  booked: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(["published", "draft"]),
});
export type HostedWorkshop = z.infer<typeof hostedWorkshopSchema>;

export const interviewerSessionsSchema = z.object({
  interviewer: z.object({ name: z.string(), email: z.string(), active: z.boolean() }),
  upcoming: z.array(interviewerSessionSchema),
  past: z.array(interviewerSessionSchema),
  workshops: z.array(hostedWorkshopSchema),
});
export type InterviewerSessions = z.infer<typeof interviewerSessionsSchema>;

export const calendarFeedSchema = z.object({
  /** Private: anyone with it can read the interviewer's sessions, so it can be replaced. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
