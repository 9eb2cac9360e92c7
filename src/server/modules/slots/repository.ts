import type { Transaction } from "kysely";
import { type Db, type Dialect, forUpdate } from "../../db/database.js";
import type { Database, SlotsTable } from "../../db/schema.js";
import { hasPaidBookings } from "../seats/repository.js";

type Executor = Db | Transaction<Database>;

/** Slots starting in [fromIso, toIso), earliest first. */
export function findSlotsStartingBetween(db: Executor, fromIso: string, toIso: string) {
  return db
    .selectFrom("slots")
    .selectAll()
    .where("start_at", ">=", fromIso)
    .where("start_at", "<", toIso)
    .orderBy("start_at")
    .orderBy("id")
    .execute();
}

/** The slot row, locked on PostgreSQL until the transaction ends (holds and checkouts lock it too). */
export function findSlotForUpdate(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("slots").selectAll().where("id", "=", id)).executeTakeFirst();
}

export async function insertSlot(db: Executor, row: SlotsTable): Promise<void> {
  await db.insertInto("slots").values(row).execute();
}

export async function updateSlotRow(db: Executor, id: string, change: Partial<SlotsTable>): Promise<void> {
  await db.updateTable("slots").set(change).where("id", "=", id).execute();
}

/** Deletes the slot and the seat holds on it (a hold on a deleted slot can never be paid). */
export async function deleteSlotRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("holds").where("target_id", "=", id).execute();
  await db.deleteFrom("slots").where("id", "=", id).execute();
}

/**
 * Why a session (slot, workshop or internship) cannot be deleted now: it has paid seats, or a
 * student's payment for a held seat is under way (deleting would strand that payment).
 */
export async function findDeletionBlocker(
  db: Executor,
  targetId: string,
  nowIso: string,
): Promise<"paid" | "paying" | null> {
  if (await hasPaidBookings(db, targetId)) return "paid";
  const paying = await db
    .selectFrom("bookings")
    .select("id")
    .where("target_id", "=", targetId)
    .where("status", "=", "pending_payment")
    .where("seat_expires_at", ">", nowIso)
    .limit(1)
    .executeTakeFirst();
  return paying ? "paying" : null;
}
