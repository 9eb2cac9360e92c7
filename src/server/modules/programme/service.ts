import { randomUUID } from "node:crypto";
import {
  ONBOARDING_CALL_DAYS_AHEAD,
  ONBOARDING_CALL_HOURS,
  ONBOARDING_CALL_MINUTES,
} from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type {
  Application,
  ApplicationInput,
  OnboardingCall,
  Programme,
  Standup,
  StandupInput,
  Submission,
  SubmissionInput,
} from "../../../shared/schemas/programme.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeInternshipWeekPlans } from "../../db/json-columns.js";
import type { InternshipApplicationsTable, OnboardingCallsTable, StandupsTable } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findCertificateOfBooking } from "../certificates/service.js";
import { addSubmission, findLatestSubmission, loadSubmissions, toSubmission } from "../submissions/service.js";
import { currentWeek, type Enrolment, ownEnrolment } from "./enrolment.js";
import { buildMilestones, milestoneDueDate, progressOf } from "./milestones.js";
import {
  findApplication,
  findBatch,
  findBusyTimes,
  findCallOfBooking,
  findInterviewer,
  findStandupsOfBooking,
  insertCall,
  insertStandup,
  lockInterviewer,
  saveApplication,
} from "./repository.js";
import { studentName } from "./reviews.js";

const toApplication = (row: InternshipApplicationsTable): Application => ({
  internshipId: row.internship_id,
  college: row.college,
  yearOfStudy: row.year_of_study as Application["yearOfStudy"],
  graduationYear: row.graduation_year,
  why: row.motivation,
  projectUrl: row.project_url,
  updatedAt: row.updated_at,
});

/** The application form, kept per student and batch; resending it updates it. */
export async function applyToBatch(
  deps: AppDeps,
  user: SessionUser,
  internshipId: string,
  input: ApplicationInput,
): Promise<Application> {
  const batch = await findBatch(deps.db, internshipId);
  if (!batch || batch.cancelled_at) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  const now = new Date().toISOString();
  await saveApplication(deps.db, {
    id: randomUUID(),
    user_id: user.id,
    internship_id: internshipId,
    college: input.college,
    year_of_study: input.yearOfStudy,
    graduation_year: input.graduationYear,
    motivation: input.why,
    project_url: input.projectUrl,
    created_at: now,
    updated_at: now,
  });
  return getApplication(deps, user, internshipId);
}

export async function getApplication(deps: AppDeps, user: SessionUser, internshipId: string): Promise<Application> {
  const row = await findApplication(deps.db, user.id, internshipId);
  if (!row) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.applicationRequired);
  return toApplication(row);
}

/**
 * Whether a hold on this batch must wait for the student's application: an open batch takes holds only from
 * students who applied to it (a batch that is gone or cancelled is refused by the hold itself).
 */
export async function needsApplication(deps: AppDeps, userId: string, internshipId: string): Promise<boolean> {
  const batch = await findBatch(deps.db, internshipId);
  if (!batch || batch.cancelled_at) return false;
  return (await findApplication(deps.db, userId, internshipId)) === undefined;
}

export async function milestoneSubmissions(deps: AppDeps, { batch, booking }: Enrolment): Promise<Submission[]> {
  const rows = await loadSubmissions(deps.db, [booking.id]);
  return rows.map(({ row, comments }) =>
    toSubmission(row, comments, milestoneDueDate(batch.start_date, row.week), deps.config.timeZone),
  );
}

function toStandup(row: StandupsTable): Standup {
  return {
    id: row.id,
    week: row.week,
    done: row.done,
    next: row.next,
    blockers: row.blockers,
    createdAt: row.created_at,
  };
}

async function onboardingCallOf(deps: AppDeps, bookingId: string): Promise<OnboardingCall | null> {
  const call = await findCallOfBooking(deps.db, bookingId);
  if (!call) return null;
  const mentor = await findInterviewer(deps.db, call.mentor_id);
  return {
    id: call.id,
    startAt: call.start_at,
    endAt: call.end_at,
    joinUrl: call.join_url,
    mentorName: mentor?.name ?? "",
  };
}

/** `GET /api/me/internships/:bookingId/programme`: the student's whole programme in one answer. */
export async function getProgramme(deps: AppDeps, user: SessionUser, bookingId: string): Promise<Programme> {
  const enrolled = await ownEnrolment(deps, user.id, bookingId);
  const { batch, enrolment } = enrolled;
  const today = zonedDate(new Date(), deps.config.timeZone);
  const [submissions, standups, mentor, call, certificate] = await Promise.all([
    milestoneSubmissions(deps, enrolled),
    findStandupsOfBooking(deps.db, bookingId),
    enrolment.mentor_id ? findInterviewer(deps.db, enrolment.mentor_id) : undefined,
    onboardingCallOf(deps, bookingId),
    findCertificateOfBooking(deps.db, bookingId),
  ]);
  const milestones = buildMilestones(decodeInternshipWeekPlans(batch.week_plans), batch.start_date, submissions, today);
  const progress = progressOf(milestones);
  const feedback = submissions
    .flatMap((s) => s.comments.filter((c) => c.authorRole === "reviewer").map((c) => ({ ...c, week: s.week })))
    .at(-1);
  return {
    bookingId,
    title: batch.title,
    trackKey: batch.track_key as Programme["trackKey"],
    startDate: batch.start_date,
    weeks: batch.weeks,
    currentWeek: currentWeek(batch, deps.config.timeZone),
    mentor: mentor ? { id: mentor.id, name: mentor.name, qualification: mentor.qualification } : null,
    onboardingCall: call,
    demoDay:
      batch.demo_day_start_at && batch.demo_day_end_at
        ? { startAt: batch.demo_day_start_at, endAt: batch.demo_day_end_at }
        : null,
    demoAttended: enrolment.demo_attended_at !== null,
    milestones,
    standups: standups.map(toStandup),
    progress: { approved: progress.approved, total: progress.total },
    nextDueDate: progress.nextDueDate,
    lastFeedback: feedback ?? null,
    certificateCode: certificate && !certificate.revoked_at ? certificate.code : null,
  };
}

/** A link for one week of the plan; again after "changes requested", never while one waits or once approved. */
export async function submitMilestone(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  week: number,
  input: SubmissionInput,
): Promise<Submission> {
  const enrolled = await ownEnrolment(deps, user.id, bookingId);
  const { batch } = enrolled;
  if (batch.cancelled_at) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.batchCancelled);
  if (!Number.isInteger(week) || week < 1 || week > batch.weeks) {
    throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.weekNotFound);
  }
  const latest = await findLatestSubmission(deps.db, bookingId, week);
  if (latest?.status === "submitted") throw new AppError("CONFLICT", PROGRAMME_MESSAGES.awaitingReview);
  if (latest?.status === "approved") throw new AppError("CONFLICT", PROGRAMME_MESSAGES.alreadyApproved);
  const now = new Date();
  const name = await studentName(deps.db, bookingId);
  const row = await addSubmission(deps.db, { id: bookingId, kind: "milestone", week }, input, name, now);
  const [saved] = (await milestoneSubmissions(deps, enrolled)).filter((s) => s.id === row.id);
  if (!saved) throw new AppError("INTERNAL", PROGRAMME_MESSAGES.submissionNotFound);
  return saved;
}

/** The weekly check-in, filed under the programme week it is posted in. */
export async function postStandup(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  input: StandupInput,
): Promise<Standup> {
  const { batch } = await ownEnrolment(deps, user.id, bookingId);
  if (batch.cancelled_at) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.batchCancelled);
  const row: StandupsTable = {
    id: randomUUID(),
    booking_id: bookingId,
    week: currentWeek(batch, deps.config.timeZone),
    done: input.done,
    next: input.next,
    blockers: input.blockers,
    created_at: new Date().toISOString(),
  };
  await insertStandup(deps.db, row);
  return toStandup(row);
}

const CALL_MS = ONBOARDING_CALL_MINUTES * 60_000;
const overlaps = (a: { startAt: string; endAt: string }, b: { startAt: string; endAt: string }) =>
  Date.parse(a.startAt) < Date.parse(b.endAt) && Date.parse(b.startAt) < Date.parse(a.endAt);

/** Candidate times: weekdays from tomorrow, every half hour within ONBOARDING_CALL_HOURS, in the platform zone. */
function candidateTimes(timeZone: string, now: Date): { startAt: string; endAt: string }[] {
  const today = zonedDate(now, timeZone);
  const times: { startAt: string; endAt: string }[] = [];
  for (let offset = 1; offset <= ONBOARDING_CALL_DAYS_AHEAD; offset++) {
    const day = addDays(today, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let minutes = ONBOARDING_CALL_HOURS.from * 60; minutes < ONBOARDING_CALL_HOURS.to * 60; minutes += 30) {
      const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      const start = zonedToInstant(day, clock, timeZone);
      times.push({ startAt: start.toISOString(), endAt: new Date(start.getTime() + CALL_MS).toISOString() });
    }
  }
  return times;
}

async function freeTimes(deps: AppDeps, mentorId: string, now: Date) {
  const candidates = candidateTimes(deps.config.timeZone, now);
  const first = candidates[0];
  const last = candidates.at(-1);
  if (!first || !last) return [];
  const busy = await findBusyTimes(deps.db, mentorId, first.startAt, last.endAt);
  return candidates.filter((time) => !busy.some((b) => overlaps(time, b)));
}

/** The mentor's free half hours for the onboarding call. */
export async function onboardingCallTimes(deps: AppDeps, user: SessionUser, bookingId: string) {
  const { enrolment } = await ownEnrolment(deps, user.id, bookingId);
  if (!enrolment.mentor_id) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.noMentorYet);
  return { times: await freeTimes(deps, enrolment.mentor_id, new Date()) };
}

/**
 * Books the 30-minute onboarding call at one of the offered times. The mentor's row is locked while
 * their calendar is checked, so two students never get the same half hour. The call is a record with
 * its own join URL (the batch's meeting link for now), so it can move into the session room later.
 */
export async function bookOnboardingCall(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  startAt: string,
): Promise<OnboardingCall> {
  const { enrolment, batch } = await ownEnrolment(deps, user.id, bookingId);
  const mentorId = enrolment.mentor_id;
  if (!mentorId) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.noMentorYet);
  const wanted = candidateTimes(deps.config.timeZone, new Date()).find(
    (t) => Date.parse(t.startAt) === Date.parse(startAt),
  );
  if (!wanted) throw new AppError("VALIDATION", PROGRAMME_MESSAGES.callNotOffered, { field: "startAt" });
  await deps.db.transaction().execute(async (trx) => {
    await lockInterviewer(trx, deps.dialect, mentorId);
    if (await findCallOfBooking(trx, bookingId)) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.callAlreadyBooked);
    const busy = await findBusyTimes(trx, mentorId, wanted.startAt, wanted.endAt);
    if (busy.length > 0) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.callTaken);
    const row: OnboardingCallsTable = {
      id: randomUUID(),
      booking_id: bookingId,
      mentor_id: mentorId,
      start_at: wanted.startAt,
      end_at: wanted.endAt,
      join_url: batch.meeting_link,
      created_at: new Date().toISOString(),
    };
    await insertCall(trx, row);
  });
  const call = await onboardingCallOf(deps, bookingId);
  if (!call) throw new AppError("INTERNAL", PROGRAMME_MESSAGES.enrolmentNotFound);
  return call;
}
