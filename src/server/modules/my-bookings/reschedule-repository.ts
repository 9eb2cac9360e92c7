import type { Transaction } from "kysely";
import type { Dialect, Executor } from "../../db/database.js";
import { forUpdate } from "../../db/database.js";
import type { Database, SlotsTable } from "../../db/schema.js";

/** Published, not cancelled slots of a package that start after `fromIso`, soonest first. */
export async function findOpenSlotsForPackage(
  db: Executor,
  packageKey: string,
  fromIso: string,
  limit: number,
): Promise<SlotsTable[]> {
  return db
    .selectFrom("slots")
    .selectAll()
    .where("status", "=", "published")
    .where("cancelled_at", "is", null)
    .where("start_at", ">", fromIso)
    .where("package_types", "like", `%"${packageKey}"%`)
    .orderBy("start_at")
    .limit(limit)
    .execute();
}

/**
 * Locks slot rows in id order. Every transaction that locks more than one slot takes them in this
 * order, so two reschedules crossing each other wait instead of deadlocking.
 */
export async function lockSlots(trx: Transaction<Database>, dialect: Dialect, ids: string[]): Promise<SlotsTable[]> {
  const sorted = [...new Set(ids)].sort();
  return forUpdate(dialect, trx.selectFrom("slots").selectAll().where("id", "in", sorted).orderBy("id")).execute();
}

export async function moveBookingToSlot(
  trx: Transaction<Database>,
  booking: { id: string; icsSequence: number },
  slotId: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable("bookings")
    .set({ target_id: slotId, ics_sequence: booking.icsSequence + 1, meeting_link: null, updated_at: now })
    .where("id", "=", booking.id)
    .execute();
}
