import { randomUUID } from "node:crypto";
import type { Submission, SubmissionInput } from "../../../shared/schemas/programme.js";
import { zonedDate } from "../../../shared/time.js";
import type { Executor } from "../../db/database.js";
import type { SubmissionCommentsTable, SubmissionsTable } from "../../db/schema.js";
import {
  findCommentsOfSubmissions,
  findLatestSubmission,
  findSubmissionById,
  findSubmissionsOfBookings,
  findWaitingSubmissions,
  insertComment,
  insertSubmission,
  recordReview,
} from "./repository.js";

/**
 * Links handed in for review: an internship week's milestone or a workshop's capstone (week 0),
 * each with its comment thread. The rules of who may hand in and review live with the programme;
 * this module stores them and answers what was approved.
 */
export const CAPSTONE_WEEK = 0;

export { findLatestSubmission, findSubmissionById, findWaitingSubmissions, recordReview };

/** A submission as the API shows it; `dueDate` (platform zone) decides whether it was late. */
export function toSubmission(
  row: SubmissionsTable,
  comments: SubmissionCommentsTable[],
  dueDate: string | null,
  timeZone: string,
): Submission {
  return {
    id: row.id,
    bookingId: row.booking_id,
    kind: row.kind,
    week: row.week,
    url: row.url,
    note: row.note,
    status: row.status,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    late: dueDate !== null && zonedDate(new Date(row.submitted_at), timeZone) > dueDate,
    comments: comments.map((c) => ({
      id: c.id,
      authorRole: c.author_role,
      authorName: c.author_name,
      body: c.body,
      createdAt: c.created_at,
    })),
  };
}

/** Every submission of these bookings with its thread, oldest first. */
export async function loadSubmissions(db: Executor, bookingIds: readonly string[]) {
  const rows = await findSubmissionsOfBookings(db, bookingIds);
  const comments = await findCommentsOfSubmissions(
    db,
    rows.map((r) => r.id),
  );
  const thread = (id: string) => comments.filter((c) => c.submission_id === id);
  return rows.map((row) => ({ row, comments: thread(row.id) }));
}

export async function addSubmission(
  db: Executor,
  booking: { id: string; kind: SubmissionsTable["kind"]; week: number },
  input: SubmissionInput,
  studentName: string,
  now: Date,
): Promise<SubmissionsTable> {
  const row: SubmissionsTable = {
    id: randomUUID(),
    booking_id: booking.id,
    kind: booking.kind,
    week: booking.week,
    url: input.url,
    note: input.note,
    status: "submitted",
    submitted_at: now.toISOString(),
    reviewed_at: null,
    reviewer_email: null,
  };
  await insertSubmission(db, row);
  if (input.note) await addComment(db, row.id, "student", studentName, input.note, now);
  return row;
}

export async function addComment(
  db: Executor,
  submissionId: string,
  role: SubmissionCommentsTable["author_role"],
  authorName: string,
  body: string,
  now: Date,
): Promise<void> {
  await insertComment(db, {
    id: randomUUID(),
    submission_id: submissionId,
    author_role: role,
    author_name: authorName,
    body,
    created_at: now.toISOString(),
  });
}

/** Whether a workshop booking's capstone is approved: the certificate is then one of completion. */
export async function capstoneApproved(db: Executor, bookingId: string): Promise<boolean> {
  return (await findLatestSubmission(db, bookingId, CAPSTONE_WEEK))?.status === "approved";
}

export async function findComments(db: Executor, submissionId: string) {
  return findCommentsOfSubmissions(db, [submissionId]);
}
