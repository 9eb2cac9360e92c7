import type { Executor } from "../../db/database.js";
import type { SubmissionCommentsTable, SubmissionsTable } from "../../db/schema.js";

export async function insertSubmission(db: Executor, row: SubmissionsTable): Promise<void> {
  await db.insertInto("submissions").values(row).execute();
}

export async function insertComment(db: Executor, row: SubmissionCommentsTable): Promise<void> {
  await db.insertInto("submission_comments").values(row).execute();
}

export function findSubmissionById(db: Executor, id: string) {
  return db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every submission of one or more bookings, oldest first (each week's last one is its status). */
export function findSubmissionsOfBookings(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("submissions")
    .selectAll()
    .where("booking_id", "in", bookingIds)
    .orderBy("submitted_at")
    .orderBy("id")
    .execute();
}

export function findCommentsOfSubmissions(db: Executor, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("submission_comments")
    .selectAll()
    .where("submission_id", "in", submissionIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The latest submission of a booking's week (0: the capstone). */
export function findLatestSubmission(db: Executor, bookingId: string, week: number) {
  return db
    .selectFrom("submissions")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("week", "=", week)
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function recordReview(
  db: Executor,
  id: string,
  review: Pick<SubmissionsTable, "status" | "reviewed_at" | "reviewer_email">,
): Promise<boolean> {
  const result = await db
    .updateTable("submissions")
    .set(review)
    .where("id", "=", id)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Submissions waiting for review among these bookings, oldest first, after a keyset cursor. */
export function findWaitingSubmissions(
  db: Executor,
  bookingIds: readonly string[] | "all",
  after: { submittedAt: string; id: string } | undefined,
  limit: number,
) {
  let query = db.selectFrom("submissions").selectAll().where("status", "=", "submitted");
  if (bookingIds !== "all") {
    if (bookingIds.length === 0) return Promise.resolve([]);
    query = query.where("booking_id", "in", bookingIds);
  }
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("submitted_at", ">", after.submittedAt),
        eb.and([eb("submitted_at", "=", after.submittedAt), eb("id", ">", after.id)]),
      ]),
    );
  }
  return query.orderBy("submitted_at").orderBy("id").limit(limit).execute();
}
