import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { WorkshopsTable } from "../../db/schema.js";

/** The latest sessions first: the console lists what is coming and what just ran. */
export function findRecentWorkshops(db: Executor, limit: number) {
  return db.selectFrom("workshops").selectAll().orderBy("start_at", "desc").orderBy("id").limit(limit).execute();
}

/** The workshop row, locked on PostgreSQL until the transaction ends (holds lock it too). */
export function findWorkshopForUpdate(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("workshops").selectAll().where("id", "=", id)).executeTakeFirst();
}

export async function insertWorkshop(db: Executor, row: WorkshopsTable): Promise<void> {
  await db.insertInto("workshops").values(row).execute();
}

export async function updateWorkshopRow(db: Executor, id: string, change: Partial<WorkshopsTable>): Promise<void> {
  await db.updateTable("workshops").set(change).where("id", "=", id).execute();
}

/** Deletes the session and the seat holds on it. */
export async function deleteWorkshopRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("holds").where("target_id", "=", id).execute();
  await db.deleteFrom("workshops").where("id", "=", id).execute();
}
