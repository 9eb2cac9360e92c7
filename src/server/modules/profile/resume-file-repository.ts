import type { Executor } from "../../db/database.js";
import type { ResumeFilesTable } from "../../db/schema.js";

export async function insertResumeFile(db: Executor, row: ResumeFilesTable): Promise<void> {
  await db.insertInto("resume_files").values(row).execute();
}

export async function markResumeFilesReplaced(db: Executor, userId: string, exceptId: string, at: string) {
  await db
    .updateTable("resume_files")
    .set({ replaced_at: at })
    .where("user_id", "=", userId)
    .where("id", "!=", exceptId)
    .where("replaced_at", "is", null)
    .execute();
}

/** The resume link the room and the workspace show: the current file's address. */
export async function saveResumeLink(db: Executor, userId: string, url: string, at: string): Promise<void> {
  await db
    .insertInto("resumes")
    .values({ user_id: userId, url, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ url, updated_at: at }))
    .execute();
}

export async function findResumeFile(db: Executor, id: string): Promise<ResumeFilesTable | undefined> {
  return db.selectFrom("resume_files").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether the interviewer (by e-mail) has a session booked by the student. */
export async function isInterviewerOfStudent(db: Executor, interviewerEmail: string, studentId: string) {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .select("bookings.id")
    .where("bookings.user_id", "=", studentId)
    .where("bookings.kind", "=", "mock")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["interviewers.email"]), "=", interviewerEmail.toLowerCase()),
        eb(eb.fn("lower", ["slots.interviewer_email"]), "=", interviewerEmail.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaced files no booking needs any more: none of the student's sessions booked while the file
 * was current is still to come or under way.
 */
export async function findUnreferencedReplacedFiles(db: Executor, userId: string, now: string) {
  return db
    .selectFrom("resume_files")
    .selectAll()
    .where("user_id", "=", userId)
    .where("replaced_at", "is not", null)
    .where(({ not, exists, selectFrom, ref }) =>
      not(
        exists(
          selectFrom("bookings")
            .innerJoin("slots", "slots.id", "bookings.target_id")
            .select("bookings.id")
            .where("bookings.user_id", "=", userId)
            .where("bookings.kind", "=", "mock")
            .where("bookings.status", "=", "confirmed")
            .where("bookings.created_at", ">=", ref("resume_files.created_at"))
            .where("bookings.created_at", "<", ref("resume_files.replaced_at"))
            .where("slots.end_at", ">", now),
        ),
      ),
    )
    .execute();
}

export async function findResumeFilesOfUser(db: Executor, userId: string): Promise<ResumeFilesTable[]> {
  return db.selectFrom("resume_files").selectAll().where("user_id", "=", userId).execute();
}

export async function deleteResumeFiles(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("resume_files").where("id", "in", ids).execute();
}
