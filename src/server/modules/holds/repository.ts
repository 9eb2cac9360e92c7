import type { Insertable, Transaction } from "kysely";
import { type Db, type Dialect, forUpdate } from "../../db/database.js";
import type { BookingKind, Database, HoldsTable } from "../../db/schema.js";

type Executor = Db | Transaction<Database>;

/** The hold, locked on PostgreSQL: a doubled checkout waits here and then finds it gone. */
export function lockHoldById(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("holds").selectAll().where("id", "=", id)).executeTakeFirst();
}

export function findActiveHoldsByUser(db: Executor, userId: string, nowIso: string) {
  return db.selectFrom("holds").selectAll().where("user_id", "=", userId).where("expires_at", ">", nowIso).execute();
}

/** Deletes the user's hold of this kind (one at a time per kind) and returns the target it was on. */
export async function deleteHoldByUserAndKind(
  db: Executor,
  userId: string,
  kind: BookingKind,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom("holds")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .returning("target_id")
    .executeTakeFirst();
  return row?.target_id;
}

export async function insertHold(db: Executor, hold: Insertable<HoldsTable>): Promise<void> {
  await db.insertInto("holds").values(hold).execute();
}

export function deleteHold(db: Executor, id: string, userId: string) {
  return db.deleteFrom("holds").where("id", "=", id).where("user_id", "=", userId).returningAll().executeTakeFirst();
}

export async function deleteExpiredHolds(db: Executor, nowIso: string): Promise<number> {
  const result = await db.deleteFrom("holds").where("expires_at", "<=", nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A pending or paid booking of this user for this target (one seat per student per session). */
export function findLiveBookingOfUser(db: Executor, userId: string, targetId: string, nowIso: string) {
  return db
    .selectFrom("bookings")
    .selectAll()
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["confirmed", "completed", "no_show"]),
        eb.and([eb("status", "=", "pending_payment"), eb("seat_expires_at", ">", nowIso)]),
      ]),
    )
    .executeTakeFirst();
}
