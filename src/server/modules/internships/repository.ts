import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { InternshipsTable } from "../../db/schema.js";

/** Newest start date first, as the admin console lists them. */
export function findInternshipsNewestFirst(db: Executor) {
  return db.selectFrom("internships").selectAll().orderBy("start_date", "desc").orderBy("id").execute();
}

/** The internship row, locked on PostgreSQL until the transaction ends (enrolment holds lock it too). */
export function findInternshipForUpdate(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("internships").selectAll().where("id", "=", id)).executeTakeFirst();
}

export async function insertInternship(db: Executor, row: InternshipsTable): Promise<void> {
  await db.insertInto("internships").values(row).execute();
}

export async function updateInternshipRow(db: Executor, id: string, change: Partial<InternshipsTable>): Promise<void> {
  await db.updateTable("internships").set(change).where("id", "=", id).execute();
}

/** Deletes the internship and the enrolment holds on it. */
export async function deleteInternshipRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("holds").where("target_id", "=", id).execute();
  await db.deleteFrom("internships").where("id", "=", id).execute();
}
