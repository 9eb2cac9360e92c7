import { z } from "zod";
import { BOOKING_KINDS, PAID_STATUSES } from "../constants.js";
import { DASHBOARD_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine, isVisibleParagraph } from "../plain-text.js";
import { isWebLink } from "../web-link.js";
import { scorecardSchema } from "./scorecards.js";

export const DASHBOARD_TABS = ["overview", "interviews", "workshops", "internships", "profile"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const SESSION_STATUSES = [...PAID_STATUSES, "cancelled"] as const;

export const dashboardSessionSchema = z.object({
  bookingId: z.string(),
  kind: z.enum(BOOKING_KINDS),
  packageKey: z.string(),
  /** The package's, topic's or track's name in the catalog now (docs/decisions/0400). */
  packageLabel: z.string(),
  status: z.enum(SESSION_STATUSES),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** Set by an admin on the slot, session or booking; null until then. */
  meetingLink: z.string().nullable(),
  interviewerName: z.string().nullable(),
  level: z.string().nullable(),
  cancelReason: z.string().nullable(),
  amountPaise: z.number().int(),
  /** Cancel (and, for mocks, reschedule) is open until this instant: 12 hours before start. */
  changeDeadline: z.string(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /**
   * Google Calendar's "add event" link while the session is confirmed (still to come); null once it is
   * completed, cancelled or refunded, when no page offers it (docs/benchmarks.md, Scale, eleventh entry).
   */
  googleCalendarUrl: z.string().nullable(),
  scorecard: scorecardSchema.nullable(),
  certificate: z.object({ code: z.string(), status: z.enum(["valid", "revoked"]) }).nullable(),
  /** The tax invoice or payment receipt as a PDF, once the payment is confirmed; null without one. */
  receiptUrl: z.string().nullable(),
});
export type DashboardSession = z.infer<typeof dashboardSessionSchema>;

export const weekPlanSchema = z.object({ title: z.string(), deliverables: z.string() });

export const dashboardInternshipSchema = z.object({
  bookingId: z.string(),
  status: z.enum(SESSION_STATUSES),
  title: z.string(),
  mentor: z.string(),
  startDate: z.string(),
  weeks: z.number().int(),
  weekPlans: z.array(weekPlanSchema),
  /** 1-based week running today in the platform zone; null before the start and after the end. */
  currentWeek: z.number().int().nullable(),
  certificate: z.object({ code: z.string(), status: z.enum(["valid", "revoked"]) }).nullable(),
});
export type DashboardInternship = z.infer<typeof dashboardInternshipSchema>;

export const goalSchema = z.object({
  id: z.string(),
  label: z.string(),
  current: z.number(),
  target: z.number(),
  /** Where to go to move the goal on. */
  href: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

export const dashboardSchema = z.object({
  firstName: z.string(),
  /** A confirmed or attended booking exists; without one the dashboard shows onboarding instead. */
  hasBooking: z.boolean(),
  stats: z.object({
    nextInterviewAt: z.string().nullable(),
    averageRating: z.number().nullable(),
    ratedSessions: z.number().int(),
    completedMocks: z.number().int(),
    practiceMinutes: z.number().int(),
  }),
  sessions: z.array(dashboardSessionSchema),
  /** A link to the student's resume, shown to their interviewers. */
  resumeUrl: z.string().nullable(),
  internship: dashboardInternshipSchema.nullable(),
  goals: z.array(goalSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const rescheduleOptionSchema = z.object({
  slotId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  interviewerName: z.string(),
  seatsLeft: z.number().int(),
});
export type RescheduleOption = z.infer<typeof rescheduleOptionSchema>;

export const rescheduleOptionsSchema = z.object({ slots: z.array(rescheduleOptionSchema) });

export const rescheduleInputSchema = z.object({ slotId: z.string().min(1, DASHBOARD_MESSAGES.pickSlot) });

export const CANCEL_REASON_MAX_LENGTH = 500;
export const cancelInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX_LENGTH, DASHBOARD_MESSAGES.cancelReasonTooLong)
    .refine(isVisibleParagraph, { message: TEXT_MESSAGES.hiddenInParagraph })
    .optional(),
});

export const cancelResultSchema = z.object({
  cancelledBookings: z.number().int(),
  refundsQueued: z.number().int(),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

export const changedSessionSchema = z.object({ session: dashboardSessionSchema });

/** An empty link removes the resume. */
export const resumeInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000, DASHBOARD_MESSAGES.resumeUrlInvalid)
    .refine((value) => value === "" || (isWebLink(value) && isVisibleLine(value)), DASHBOARD_MESSAGES.resumeUrlInvalid),
});
export type ResumeInput = z.infer<typeof resumeInputSchema>;
