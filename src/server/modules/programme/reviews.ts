import type { Transaction } from "kysely";
import { AppError } from "../../../shared/errors.js";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import { personName } from "../../../shared/person-name.js";
import type { ReviewInput, Submission } from "../../../shared/schemas/programme.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Executor } from "../../db/database.js";
import { decodeInternshipWeekPlans } from "../../db/json-columns.js";
import type { BookingsTable, CertificatesTable, Database, SubmissionsTable } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findBookingById, lockBookingById } from "../bookings/index.js";
import { findCatalogLabel } from "../catalog/index.js";
import {
  announceCertificate,
  findCertificateOfBooking,
  toPublicCertificate,
  upgradeToCompletion,
  writeCertificate,
} from "../certificates/service.js";
import { findInterviewerByEmail } from "../interviewer-workspace/index.js";
import { notifyUser } from "../notifications/service.js";
import { findBookingSession } from "../sessions/index.js";
import { dashboardTabLink } from "../sessions/links.js";
import { addComment, findSubmissionById, loadSubmissions, recordReview, toSubmission } from "../submissions/service.js";
import { buildMilestones, milestoneDueDate } from "./milestones.js";
import { findBatch, findEnrolment, findInterviewer, findStudentsOfBookings, findWorkshopById } from "./repository.js";

type Trx = Transaction<Database>;

/** The signed-in user, and whether their admin rights hold for this request (docs/security.md, Admin). */
export type Reviewer = SessionUser & { admin: boolean };

/** Who may review a submission: the student's mentor (milestones), the session's host (capstones), an admin. */
export async function reviewerOf(
  deps: AppDeps,
  user: Reviewer,
  submission: SubmissionsTable,
): Promise<{ name: string; role: "admin" | "mentor" } | undefined> {
  if (user.admin) return { name: user.name || "CareerPrep admin", role: "admin" };
  const interviewer = await findInterviewerByEmail(deps.db, user.email);
  if (!interviewer) return undefined;
  const booking = await findBookingById(deps.db, submission.booking_id);
  if (!booking) return undefined;
  if (submission.kind === "milestone") {
    const enrolment = await findEnrolment(deps.db, booking.id);
    return enrolment?.mentor_id === interviewer.id ? { name: interviewer.name, role: "mentor" } : undefined;
  }
  const workshop = await findWorkshopById(deps.db, booking.target_id);
  return workshop?.host_interviewer_id === interviewer.id ? { name: interviewer.name, role: "mentor" } : undefined;
}

/** A submission with its thread, as the API shows it (late against its week's or the capstone's due date). */
export async function submissionView(deps: AppDeps, submissionId: string): Promise<Submission> {
  const row = await findSubmissionById(deps.db, submissionId);
  if (!row) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.submissionNotFound);
  const booking = await findBookingById(deps.db, row.booking_id);
  let due: string | null = null;
  if (booking && row.kind === "milestone") {
    const batch = await findBatch(deps.db, booking.target_id);
    due = batch ? milestoneDueDate(batch.start_date, row.week) : null;
  } else if (booking) {
    const workshop = await findWorkshopById(deps.db, booking.target_id);
    due = workshop?.capstone_due_at ? zonedDate(new Date(workshop.capstone_due_at), deps.config.timeZone) : null;
  }
  const [loaded] = (await loadSubmissions(deps.db, [row.booking_id])).filter((s) => s.row.id === row.id);
  return toSubmission(row, loaded?.comments ?? [], due, deps.config.timeZone);
}

/**
 * `PUT /api/mentor/submissions/:id/review`: approved or changes requested, with a comment in the
 * submission's thread. An approval that completes what a certificate needs issues it at once.
 */
export async function reviewSubmission(
  deps: AppDeps,
  user: Reviewer,
  submissionId: string,
  review: ReviewInput,
): Promise<Submission> {
  const submission = await findSubmissionById(deps.db, submissionId);
  if (!submission) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.submissionNotFound);
  const reviewer = await reviewerOf(deps, user, submission);
  if (!reviewer) throw new AppError("FORBIDDEN", PROGRAMME_MESSAGES.notReviewer);
  const now = new Date();
  const issued = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockBookingById(trx, deps.dialect, submission.booking_id);
    if (!booking) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.submissionNotFound);
    const reviewed = await recordReview(trx, submissionId, {
      status: review.decision,
      reviewed_at: now.toISOString(),
      reviewer_email: user.email,
    });
    if (!reviewed) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.alreadyReviewed);
    if (review.comment) await addComment(trx, submissionId, "reviewer", reviewer.name, review.comment, now);
    if (review.decision !== "approved") return undefined;
    if (submission.kind === "capstone") return upgradeToCompletion(trx, booking.id);
    return completeProgrammeIfEarned(trx, deps, booking, user.email);
  });
  await tellStudentOfReview(deps, submission, review);
  if (issued) await announceIssued(deps, issued);
  return submissionView(deps, submissionId);
}

async function tellStudentOfReview(deps: AppDeps, submission: SubmissionsTable, review: ReviewInput) {
  const session = await findBookingSession(deps.db, deps.config.timeZone, submission.booking_id);
  if (!session) return;
  const what = submission.kind === "capstone" ? "Your capstone" : `Week ${submission.week}`;
  await notifyUser(deps, {
    userId: session.userId,
    type: "submission_reviewed",
    title: review.decision === "approved" ? `${what} is approved` : `${what}: changes requested`,
    body: review.comment || `${session.title}.`,
    link: dashboardTabLink(session.kind),
  });
}

export async function announceIssued(deps: AppDeps, row: CertificatesTable): Promise<void> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, row.booking_id);
  if (session) await announceCertificate(deps, session, toPublicCertificate(row, deps.config));
}

/**
 * Inside the caller's transaction, with the booking locked: demo day attended and every milestone
 * approved issue the verified certificate of completion, stating the track, the weeks and the mentor.
 */
export async function completeProgrammeIfEarned(
  trx: Trx,
  deps: AppDeps,
  booking: BookingsTable,
  actorEmail: string,
): Promise<CertificatesTable | undefined> {
  const enrolment = await findEnrolment(trx, booking.id);
  const batch = await findBatch(trx, booking.target_id);
  if (!enrolment?.demo_attended_at || !batch || booking.status !== "confirmed") return undefined;
  if (await findCertificateOfBooking(trx, booking.id)) return undefined;
  const plans = decodeInternshipWeekPlans(batch.week_plans);
  const submissions = (await loadSubmissions(trx, [booking.id])).map(({ row }) =>
    toSubmission(row, [], null, deps.config.timeZone),
  );
  const milestones = buildMilestones(plans, batch.start_date, submissions, "");
  if (milestones.length === 0 || milestones.some((m) => m.status !== "approved")) return undefined;
  const mentor = enrolment.mentor_id ? await findInterviewer(trx, enrolment.mentor_id) : undefined;
  const track = await findCatalogLabel(trx, batch.track_key);
  const details = [track, `${batch.weeks} weeks`, mentor ? `mentor ${mentor.name}` : ""].filter(Boolean).join(" · ");
  return writeCertificate(trx, deps, booking, { title: batch.title, award: "completion", details }, actorEmail);
}

/** A comment in a submission's thread, by its student or anyone who may review it. */
export async function commentOnSubmission(
  deps: AppDeps,
  user: Reviewer,
  submissionId: string,
  body: string,
): Promise<Submission> {
  const submission = await findSubmissionById(deps.db, submissionId);
  if (!submission) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.submissionNotFound);
  const booking = await findBookingById(deps.db, submission.booking_id);
  const own = booking?.user_id === user.id;
  const reviewer = own ? undefined : await reviewerOf(deps, user, submission);
  if (!own && !reviewer) throw new AppError("FORBIDDEN", PROGRAMME_MESSAGES.notReviewer);
  const name = reviewer?.name ?? (await studentName(deps.db, submission.booking_id));
  await addComment(deps.db, submissionId, own ? "student" : "reviewer", name, body, new Date());
  return submissionView(deps, submissionId);
}

/** The student's name as we may show it (docs/product.md, Profile), "Student" when they gave none. */
export async function studentName(db: Executor, bookingId: string): Promise<string> {
  const [row] = await findStudentsOfBookings(db, [bookingId]);
  const name = row
    ? personName({
        firstName: row.first_name,
        lastName: row.last_name,
        accountName: row.account_name,
        email: row.email,
      })
    : "";
  return name || "Student";
}
