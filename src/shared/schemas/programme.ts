import { z } from "zod";
import { STANDUP_FIELD_MAX, SUBMISSION_NOTE_MAX } from "../constants.js";
import { PROGRAMME_MESSAGES } from "../messages.js";
import { internshipTrackSchema } from "./catalog.js";

/** A link a student hands in or gives with the application: http(s) only. */
export const submissionUrlSchema = z
  .string()
  .trim()
  .max(500, { message: PROGRAMME_MESSAGES.linkInvalid })
  .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), { message: PROGRAMME_MESSAGES.linkInvalid });

export const YEARS_OF_STUDY = ["1st year", "2nd year", "3rd year", "4th year", "5th year", "Graduated"] as const;

/** The internship application (docs/product.md, Internship programme): before the seat is held. */
export const applicationInputSchema = z.object({
  college: z.string().trim().min(1, { message: PROGRAMME_MESSAGES.collegeRequired }).max(200),
  yearOfStudy: z.enum(YEARS_OF_STUDY, { message: PROGRAMME_MESSAGES.yearRequired }),
  graduationYear: z.coerce
    .number({ message: PROGRAMME_MESSAGES.graduationInvalid })
    .int({ message: PROGRAMME_MESSAGES.graduationInvalid })
    .min(2000, { message: PROGRAMME_MESSAGES.graduationInvalid })
    .max(2100, { message: PROGRAMME_MESSAGES.graduationInvalid }),
  why: z
    .string()
    .trim()
    .min(1, { message: PROGRAMME_MESSAGES.whyRequired })
    .max(200, { message: PROGRAMME_MESSAGES.whyTooLong })
    .refine((value) => !/[\r\n]/.test(value), { message: PROGRAMME_MESSAGES.whyTooLong }),
  projectUrl: submissionUrlSchema,
});
export type ApplicationInput = z.output<typeof applicationInputSchema>;
export const applicationSchema = applicationInputSchema.extend({ internshipId: z.string(), updatedAt: z.string() });
export type Application = z.infer<typeof applicationSchema>;

export const submissionInputSchema = z.object({
  url: submissionUrlSchema,
  note: z.string().trim().max(SUBMISSION_NOTE_MAX, { message: PROGRAMME_MESSAGES.noteTooLong }).default(""),
});
export type SubmissionInput = z.output<typeof submissionInputSchema>;

export const REVIEW_DECISIONS = ["approved", "changes_requested"] as const;
export const reviewInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    comment: z.string().trim().max(SUBMISSION_NOTE_MAX, { message: PROGRAMME_MESSAGES.noteTooLong }).default(""),
  })
  .refine((review) => review.decision === "approved" || review.comment.length > 0, {
    message: PROGRAMME_MESSAGES.commentRequired,
    path: ["comment"],
  });
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const commentInputSchema = z.object({
  body: z.string().trim().min(1, { message: PROGRAMME_MESSAGES.commentRequired }).max(SUBMISSION_NOTE_MAX),
});

const standupField = z.string().trim().max(STANDUP_FIELD_MAX);
export const standupInputSchema = z.object({
  done: standupField.min(1, { message: PROGRAMME_MESSAGES.standupRequired }),
  next: standupField.min(1, { message: PROGRAMME_MESSAGES.standupRequired }),
  blockers: standupField.default(""),
});
export type StandupInput = z.output<typeof standupInputSchema>;

export const SUBMISSION_STATUSES = ["submitted", "changes_requested", "approved"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const MILESTONE_STATUSES = ["open", ...SUBMISSION_STATUSES] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const commentSchema = z.object({
  id: z.string(),
  authorRole: z.enum(["student", "reviewer"]),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type SubmissionComment = z.infer<typeof commentSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  kind: z.enum(["milestone", "capstone"]),
  week: z.number().int(),
  url: z.string(),
  note: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Handed in after the due date's end (platform zone). */
  late: z.boolean(),
  comments: z.array(commentSchema),
});
export type Submission = z.infer<typeof submissionSchema>;

export const milestoneSchema = z.object({
  week: z.number().int(),
  title: z.string(),
  deliverables: z.string(),
  /** The last day of the week, YYYY-MM-DD in the platform zone. */
  dueDate: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  late: z.boolean(),
  /** Due date passed with nothing handed in. */
  missing: z.boolean(),
  submissions: z.array(submissionSchema),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const standupSchema = z.object({
  id: z.string(),
  week: z.number().int(),
  done: z.string(),
  next: z.string(),
  blockers: z.string(),
  createdAt: z.string(),
});
export type Standup = z.infer<typeof standupSchema>;

export const mentorSchema = z.object({ id: z.string(), name: z.string(), qualification: z.string() });

export const onboardingCallSchema = z.object({
  id: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** The backup link (the batch's meeting link) for when the room at /room/:bookingId fails. */
  joinUrl: z.string().nullable(),
  mentorName: z.string(),
});
export type OnboardingCall = z.infer<typeof onboardingCallSchema>;

export const demoDaySchema = z.object({ startAt: z.string(), endAt: z.string() });

/** `GET /api/me/internships/:bookingId/programme` (docs/product.md, Internship programme). */
export const programmeSchema = z.object({
  bookingId: z.string(),
  title: z.string(),
  trackKey: internshipTrackSchema,
  startDate: z.string(),
  weeks: z.number().int(),
  currentWeek: z.number().int(),
  mentor: mentorSchema.nullable(),
  onboardingCall: onboardingCallSchema.nullable(),
  demoDay: demoDaySchema.nullable(),
  demoAttended: z.boolean(),
  milestones: z.array(milestoneSchema),
  standups: z.array(standupSchema),
  progress: z.object({ approved: z.number().int(), total: z.number().int() }),
  nextDueDate: z.string().nullable(),
  lastFeedback: commentSchema.extend({ week: z.number().int() }).nullable(),
  certificateCode: z.string().nullable(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const callTimesSchema = z.object({ times: z.array(z.object({ startAt: z.string(), endAt: z.string() })) });
export const bookCallInputSchema = z.object({ startAt: z.iso.datetime() });

export const capstoneSchema = z.object({
  bookingId: z.string(),
  workshopTitle: z.string(),
  brief: z.string().nullable(),
  dueAt: z.string().nullable(),
  submissions: z.array(submissionSchema),
  certificateCode: z.string().nullable(),
});
export type Capstone = z.infer<typeof capstoneSchema>;

/** One student in a mentor's list or a batch's roster, with where they stand. */
export const rosterStudentSchema = z.object({
  bookingId: z.string(),
  name: z.string(),
  email: z.string(),
  batchId: z.string(),
  batchTitle: z.string(),
  trackKey: internshipTrackSchema,
  mentor: z.object({ id: z.string(), name: z.string() }).nullable(),
  approved: z.number().int(),
  total: z.number().int(),
  /** Weeks handed in after their due date. */
  late: z.array(z.number().int()),
  /** Weeks past their due date with nothing handed in. */
  missing: z.array(z.number().int()),
  nextDueDate: z.string().nullable(),
  demoAttended: z.boolean(),
  certificateCode: z.string().nullable(),
});
export type RosterStudent = z.infer<typeof rosterStudentSchema>;

export const batchEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  trackKey: internshipTrackSchema,
  startDate: z.string(),
  weeks: z.number().int(),
  demoDay: demoDaySchema.nullable(),
});

export const mentorCallSchema = z.object({
  id: z.string(),
  /** The internship booking whose room (/room/:bookingId) the call takes place in. */
  bookingId: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  studentName: z.string(),
  /** The backup link for when the room fails. */
  joinUrl: z.string().nullable(),
});

/** `GET /api/mentor/overview`: the interviewer workspace's Mentoring section. */
export const mentorOverviewSchema = z.object({
  mentor: z.object({ name: z.string(), trackKey: internshipTrackSchema.nullable() }),
  /** Students booked workshops this interviewer hosts: their capstones come here for review. */
  hostsAttendees: z.boolean(),
  students: z.array(rosterStudentSchema),
  batches: z.array(batchEventSchema),
  calls: z.array(mentorCallSchema),
});
export type MentorOverview = z.infer<typeof mentorOverviewSchema>;

export const reviewQueueItemSchema = submissionSchema.extend({
  studentName: z.string(),
  title: z.string(),
  dueDate: z.string().nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const cursorQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const reviewQueueSchema = z.object({ items: z.array(reviewQueueItemSchema), nextCursor: z.string().nullable() });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const standupFeedItemSchema = standupSchema.extend({ bookingId: z.string(), studentName: z.string() });
export const standupFeedSchema = z.object({ items: z.array(standupFeedItemSchema), nextCursor: z.string().nullable() });
export type StandupFeed = z.infer<typeof standupFeedSchema>;

/** `GET /api/admin/internships/:id/roster`: a batch's students, its mentors and its demo day. */
export const rosterSchema = z.object({
  batch: batchEventSchema,
  students: z.array(rosterStudentSchema),
  mentors: z.array(z.object({ id: z.string(), name: z.string(), students: z.number().int() })),
});
export type Roster = z.infer<typeof rosterSchema>;

export const moveMentorInputSchema = z.object({ mentorId: z.string().min(1) });
export const mentorTrackInputSchema = z.object({ trackKey: internshipTrackSchema.nullable() });
export const demoDayInputSchema = z.object({ startAt: z.iso.datetime(), endAt: z.iso.datetime() });
export const capstoneInputSchema = z.object({
  brief: z.string().trim().min(1, { message: PROGRAMME_MESSAGES.capstoneInvalid }).max(SUBMISSION_NOTE_MAX),
  dueAt: z.iso.datetime({ message: PROGRAMME_MESSAGES.capstoneInvalid }),
});
export const attendanceResultSchema = z.object({ demoAttended: z.boolean(), certificateCode: z.string().nullable() });
