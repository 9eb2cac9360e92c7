import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { SlotsTable } from "../../db/schema.js";
import { hasPaidBookings } from "../seats/index.js";

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

/** The paid bookings of a slot whose time changed: a new invite sequence and a free cancel from now on. */
export async function markBookingsMoved(db: Executor, slotId: string, nowIso: string): Promise<void> {
  await db
    .updateTable("bookings")
    .set((eb) => ({ ics_sequence: eb("ics_sequence", "+", 1), moved_at: nowIso, updated_at: nowIso }))
    .where("target_id", "=", slotId)
    .where("kind", "=", "mock")
    .where("status", "=", "confirmed")
    .execute();
}

/** What an interviewer already has at a time: a slot, or a workshop session they host. */
export type BusyTime = { kind: "slot" | "workshop"; title: string; start_at: string; end_at: string };

/**
 * The interviewer's first live slot or hosted workshop session that overlaps [startAt, endAt), if any
 * (back to back is fine; the saved row itself is skipped). The interviewer's row is locked first on
 * PostgreSQL, so two admins saving overlapping times at once, as slots or sessions, cannot both pass.
 */
export async function findOverlappingTime(
  db: Executor,
  dialect: Dialect,
  time: { interviewerId: string; startAt: string; endAt: string; exceptId?: string | undefined },
): Promise<BusyTime | undefined> {
  await forUpdate(dialect, db.selectFrom("interviewers").select("id").where("id", "=", time.interviewerId)).execute();
  let slots = db
    .selectFrom("slots")
    .select(["start_at", "end_at", "interviewer_name as title"])
    .where("interviewer_id", "=", time.interviewerId)
    .where("cancelled_at", "is", null)
    .where("start_at", "<", time.endAt)
    .where("end_at", ">", time.startAt);
  let sessions = db
    .selectFrom("workshops")
    .select(["start_at", "end_at", "title"])
    .where("host_interviewer_id", "=", time.interviewerId)
    .where("cancelled_at", "is", null)
    .where("start_at", "<", time.endAt)
    .where("end_at", ">", time.startAt);
  if (time.exceptId) {
    slots = slots.where("id", "!=", time.exceptId);
    sessions = sessions.where("id", "!=", time.exceptId);
  }
  const [slot, session] = await Promise.all([
    slots.orderBy("start_at").executeTakeFirst(),
    sessions.orderBy("start_at").executeTakeFirst(),
  ]);
  const found = [
    ...(slot ? [{ kind: "slot" as const, ...slot }] : []),
    ...(session ? [{ kind: "workshop" as const, ...session }] : []),
  ];
  return found.sort((a, b) => a.start_at.localeCompare(b.start_at))[0];
}
