import type { InternshipTrack } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import { personName } from "../../../shared/person-name.js";
import type {
  MentorOverview,
  ReviewQueue,
  ReviewQueueItem,
  RosterStudent,
  StandupFeed,
} from "../../../shared/schemas/programme.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeInternshipWeekPlans } from "../../db/json-columns.js";
import type { InternshipsTable, InterviewersTable } from "../../db/schema.js";
import { certificateCodesOf } from "../certificates/service.js";
import { findWaitingSubmissions, loadSubmissions, toSubmission } from "../submissions/service.js";
import { buildMilestones, milestoneDueDate, progressOf } from "./milestones.js";
import {
  type EnrolledStudentRow,
  findBatch,
  findCallsOfMentor,
  findEnrolledStudents,
  findHostedBookingIds,
  findStandupsPage,
  findStudentsOfBookings,
  findWorkshopById,
} from "./repository.js";

const nameOf = (row: { first_name: string | null; last_name: string | null; account_name: string; email: string }) =>
  personName({ firstName: row.first_name, lastName: row.last_name, accountName: row.account_name, email: row.email }) ||
  row.email;

/** Each student's progress, late and missing weeks, from their submissions (one query for the whole list). */
export async function toRosterStudents(deps: AppDeps, rows: EnrolledStudentRow[]): Promise<RosterStudent[]> {
  const ids = rows.map((r) => r.booking_id);
  const [submissions, certificates] = await Promise.all([
    loadSubmissions(deps.db, ids),
    certificateCodesOf(deps.db, ids),
  ]);
  const today = zonedDate(new Date(), deps.config.timeZone);
  return rows.map((row) => {
    const own = submissions
      .filter((s) => s.row.booking_id === row.booking_id && s.row.kind === "milestone")
      .map((s) => toSubmission(s.row, [], milestoneDueDate(row.start_date, s.row.week), deps.config.timeZone));
    const milestones = buildMilestones(decodeInternshipWeekPlans(row.week_plans), row.start_date, own, today);
    const progress = progressOf(milestones);
    return {
      bookingId: row.booking_id,
      name: nameOf(row),
      email: row.email,
      batchId: row.internship_id,
      batchTitle: row.batch_title,
      trackKey: row.track_key as InternshipTrack,
      mentor: row.mentor_id ? { id: row.mentor_id, name: row.mentor_name ?? "" } : null,
      approved: progress.approved,
      total: progress.total,
      late: milestones.filter((m) => m.late).map((m) => m.week),
      missing: milestones.filter((m) => m.missing).map((m) => m.week),
      nextDueDate: progress.nextDueDate,
      demoAttended: row.demo_attended_at !== null,
      certificateCode: certificates.get(row.booking_id) ?? null,
    };
  });
}

export const toBatchEvent = (batch: InternshipsTable) => ({
  id: batch.id,
  title: batch.title,
  trackKey: batch.track_key as InternshipTrack,
  startDate: batch.start_date,
  weeks: batch.weeks,
  demoDay:
    batch.demo_day_start_at && batch.demo_day_end_at
      ? { startAt: batch.demo_day_start_at, endAt: batch.demo_day_end_at }
      : null,
});

/** The Mentoring section: the mentor's students, their batches (the batch calendar) and onboarding calls. */
export async function mentorOverview(deps: AppDeps, mentor: InterviewersTable): Promise<MentorOverview> {
  const rows = await findEnrolledStudents(deps.db, { mentorId: mentor.id });
  const [students, calls, hosted] = await Promise.all([
    toRosterStudents(deps, rows),
    findCallsOfMentor(deps.db, mentor.id, new Date().toISOString()),
    findHostedBookingIds(deps.db, mentor.id),
  ]);
  const callStudents = await findStudentsOfBookings(
    deps.db,
    calls.map((c) => c.booking_id),
  );
  const batches = new Map<string, ReturnType<typeof toBatchEvent>>();
  for (const row of rows) {
    if (batches.has(row.internship_id)) continue;
    const batch = await findBatch(deps.db, row.internship_id);
    if (batch) batches.set(batch.id, toBatchEvent(batch));
  }
  return {
    mentor: { name: mentor.name, trackKey: (mentor.mentor_track as InternshipTrack | null) ?? null },
    hostsAttendees: hosted.length > 0,
    students,
    batches: [...batches.values()],
    calls: calls.map((call) => {
      const student = callStudents.find((s) => s.booking_id === call.booking_id);
      return {
        id: call.id,
        bookingId: call.booking_id,
        startAt: call.start_at,
        endAt: call.end_at,
        studentName: student ? nameOf(student) : "",
        joinUrl: call.join_url,
      };
    }),
  };
}

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");
function decodeCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof at === "string" && typeof id === "string") return { at, id };
  } catch {}
  throw new AppError("VALIDATION", PROGRAMME_MESSAGES.cursorInvalid, { field: "cursor" });
}

/** The bookings whose submissions an interviewer reviews: their mentees' and their hosted workshops'. */
async function reviewedBookingIds(deps: AppDeps, interviewer: InterviewersTable): Promise<string[]> {
  const [mentees, hosted] = await Promise.all([
    findEnrolledStudents(deps.db, { mentorId: interviewer.id }),
    findHostedBookingIds(deps.db, interviewer.id),
  ]);
  return [...mentees.map((m) => m.booking_id), ...hosted.map((h) => h.id)];
}

/** Submissions waiting for review, oldest first (an admin sees everyone's), one page at a time. */
export async function reviewQueue(
  deps: AppDeps,
  reviewer: { interviewer: InterviewersTable | undefined; admin: boolean },
  page: { cursor?: string | undefined; limit: number },
): Promise<ReviewQueue> {
  const scope = reviewer.admin || !reviewer.interviewer ? "all" : await reviewedBookingIds(deps, reviewer.interviewer);
  const after = decodeCursor(page.cursor);
  const rows = await findWaitingSubmissions(
    deps.db,
    scope,
    after && { submittedAt: after.at, id: after.id },
    page.limit + 1,
  );
  const shown = rows.slice(0, page.limit);
  const items = await Promise.all(shown.map((row) => queueItem(deps, row)));
  const last = shown.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeCursor(last.submitted_at, last.id) : null };
}

async function queueItem(
  deps: AppDeps,
  row: Awaited<ReturnType<typeof findWaitingSubmissions>>[number],
): Promise<ReviewQueueItem> {
  const [student] = await findStudentsOfBookings(deps.db, [row.booking_id]);
  const [loaded] = (await loadSubmissions(deps.db, [row.booking_id])).filter((s) => s.row.id === row.id);
  let title = "Capstone";
  let dueDate: string | null = null;
  if (student && row.kind === "milestone") {
    const [enrolled] = (await findEnrolledStudents(deps.db, { internshipId: student.target_id })).filter(
      (e) => e.booking_id === row.booking_id,
    );
    const plan = enrolled ? decodeInternshipWeekPlans(enrolled.week_plans)[row.week - 1] : undefined;
    title = `Week ${row.week}${plan?.title ? `: ${plan.title}` : ""}`;
    dueDate = enrolled ? milestoneDueDate(enrolled.start_date, row.week) : null;
  } else if (student) {
    const workshop = await findWorkshopById(deps.db, student.target_id);
    title = workshop ? `Capstone: ${workshop.title}` : title;
    dueDate = workshop?.capstone_due_at ? zonedDate(new Date(workshop.capstone_due_at), deps.config.timeZone) : null;
  }
  return {
    ...toSubmission(row, loaded?.comments ?? [], dueDate, deps.config.timeZone),
    studentName: student ? nameOf(student) : "",
    title,
    dueDate,
  };
}

/** The mentor's students' standups, newest first, one page at a time. */
export async function standupFeed(
  deps: AppDeps,
  mentor: InterviewersTable,
  page: { cursor?: string | undefined; limit: number },
): Promise<StandupFeed> {
  const mentees = await findEnrolledStudents(deps.db, { mentorId: mentor.id });
  const before = decodeCursor(page.cursor);
  const rows = await findStandupsPage(
    deps.db,
    mentees.map((m) => m.booking_id),
    before && { createdAt: before.at, id: before.id },
    page.limit + 1,
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => {
      const mentee = mentees.find((m) => m.booking_id === row.booking_id);
      return {
        id: row.id,
        bookingId: row.booking_id,
        studentName: mentee ? nameOf(mentee) : "",
        week: row.week,
        done: row.done,
        next: row.next,
        blockers: row.blockers,
        createdAt: row.created_at,
      };
    }),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}
