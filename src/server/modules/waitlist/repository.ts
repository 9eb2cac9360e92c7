import { type Insertable, sql, type Transaction } from "kysely";
import { WAITLIST_LIVE_STATUSES } from "../../../shared/constants.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { Database, WaitlistEntriesTable } from "../../db/schema.js";

/** Statuses of a row that still stands in line (waiting, or holding an offered seat). */
export const LIVE_STATUSES = WAITLIST_LIVE_STATUSES;

export async function insertWaitlistEntry(db: Executor, entry: Insertable<WaitlistEntriesTable>): Promise<void> {
  await db.insertInto("waitlist_entries").values(entry).execute();
}

export function findLiveEntryOfUser(db: Executor, userId: string, targetId: string) {
  return db
    .selectFrom("waitlist_entries")
    .selectAll()
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .where("status", "in", LIVE_STATUSES)
    .executeTakeFirst();
}

export function findEntryById(db: Executor, id: string) {
  return db.selectFrom("waitlist_entries").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The first `limit` students still waiting for the target, in the order they joined. */
export function findFirstWaiting(db: Executor, targetId: string, limit: number) {
  return db
    .selectFrom("waitlist_entries")
    .selectAll()
    .where("target_id", "=", targetId)
    .where("status", "=", "waiting")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Offers whose hold ran out: the seat goes back to the line (docs/product.md, Waitlist). */
export async function lapseExpiredOffers(db: Executor, targetId: string, nowIso: string) {
  return db
    .updateTable("waitlist_entries")
    .set({ status: "lapsed", updated_at: nowIso })
    .where("target_id", "=", targetId)
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", nowIso)
    .returning(["id", "user_id"])
    .execute();
}

/** Offers the seat to a waiting student; false when the entry no longer waits. */
export async function markOffered(db: Executor, id: string, nowIso: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable("waitlist_entries")
    .set({ status: "offered", offered_at: nowIso, offer_expires_at: expiresAt, updated_at: nowIso })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setEntryStatus(
  db: Executor,
  id: string,
  status: WaitlistEntriesTable["status"],
  nowIso: string,
): Promise<void> {
  await db.updateTable("waitlist_entries").set({ status, updated_at: nowIso }).where("id", "=", id).execute();
}

/** A cancelled session closes its line: nobody will be offered a seat there. */
export async function closeLine(db: Executor, targetId: string, nowIso: string) {
  return db
    .updateTable("waitlist_entries")
    .set({ status: "closed", updated_at: nowIso })
    .where("target_id", "=", targetId)
    .where("status", "in", LIVE_STATUSES)
    .returning(["id", "user_id"])
    .execute();
}

/** Whether anyone stands in the target's line (a freed seat there must be offered). */
export async function hasLine(db: Executor, targetId: string): Promise<boolean> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("target_id", "=", targetId)
    .where("status", "in", LIVE_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Targets whose line may have a seat to offer: someone waits, or an offer ran out. */
export function findTargetsWithLines(db: Executor, nowIso: string) {
  return db
    .selectFrom("waitlist_entries")
    .select(["kind", "target_id"])
    .where((eb) =>
      eb.or([
        eb("status", "=", "waiting"),
        eb.and([eb("status", "=", "offered"), eb("offer_expires_at", "<=", nowIso)]),
      ]),
    )
    .groupBy(["kind", "target_id"])
    .execute();
}

/** Live entries with what they wait for (title, start, seats): the student's and the admin's lists read the same. */
function selectLiveEntries(db: Executor) {
  return db
    .selectFrom("waitlist_entries as w")
    .innerJoin("user", "user.id", "w.user_id")
    .leftJoin("slots", (join) => join.onRef("slots.id", "=", "w.target_id").on("w.kind", "=", "mock"))
    .leftJoin("workshops", (join) => join.onRef("workshops.id", "=", "w.target_id").on("w.kind", "=", "workshop"))
    .leftJoin("internships", (join) => join.onRef("internships.id", "=", "w.target_id").on("w.kind", "=", "internship"))
    .select([
      "w.id",
      "w.user_id",
      "w.kind",
      "w.target_id",
      "w.package_key",
      "w.status",
      "w.offer_expires_at",
      "w.session_start",
      "w.created_at",
      "user.name as user_name",
      "user.email as user_email",
      "slots.interviewer_name",
      "slots.start_at as slot_start",
      "slots.capacity as slot_capacity",
      "workshops.title as workshop_title",
      "workshops.start_at as workshop_start",
      "workshops.capacity as workshop_capacity",
      "internships.title as internship_title",
      "internships.start_date as internship_start",
      "internships.capacity as internship_capacity",
    ]);
}

/** The student's places in every line, in the order they joined. */
export function findLiveEntriesOfUser(db: Executor, userId: string) {
  return selectLiveEntries(db)
    .where("w.status", "in", LIVE_STATUSES)
    .where("w.user_id", "=", userId)
    .orderBy("w.created_at")
    .orderBy("w.id")
    .execute();
}

/** Where the previous page of lines ended: its last entry's session start, target, join time and id. */
export interface LinePosition {
  sessionStart: string;
  targetId: string;
  createdAt: string;
  id: string;
}

/**
 * One page of the live entries of every line: soonest session first, each line in the order it was
 * joined, read in the order of an index (migration 0426), so a page costs its own rows and one
 * session's entries come one after another.
 */
export function findLiveEntriesPage(db: Executor, page: { after: LinePosition | undefined; limit: number }) {
  const { after, limit } = page;
  let query = selectLiveEntries(db)
    // Literal statuses: a partial index is used only when the query names its condition's values.
    .where(
      "w.status",
      "in",
      LIVE_STATUSES.map((status) => sql.lit(status)),
    )
    .orderBy("w.session_start")
    .orderBy("w.target_id")
    .orderBy("w.created_at")
    .orderBy("w.id")
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple("w.session_start", "w.target_id", "w.created_at", "w.id"),
        ">",
        eb.tuple(after.sessionStart, after.targetId, after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}

/** How many stand in each of the given lines (waiting or offered), a page's lines whole. */
export async function countLiveByTarget(db: Executor, targetIds: readonly string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("waitlist_entries")
    .select((eb) => ["target_id", eb.fn.countAll<number | string>().as("count")])
    .where("target_id", "in", [...targetIds])
    .where("status", "in", LIVE_STATUSES)
    .groupBy("target_id")
    .execute();
  return new Map(rows.map((row) => [row.target_id, Number(row.count)]));
}

/** How many still wait ahead of each of the given entries (same target, joined earlier). */
export async function countWaitingAhead(
  db: Executor,
  entries: readonly { id: string; target_id: string; created_at: string }[],
): Promise<Map<string, number>> {
  const ahead = new Map<string, number>();
  if (entries.length === 0) return ahead;
  const line = await db
    .selectFrom("waitlist_entries")
    .select(["id", "target_id", "created_at"])
    .where("target_id", "in", [...new Set(entries.map((e) => e.target_id))])
    .where("status", "=", "waiting")
    .execute();
  for (const entry of entries) {
    ahead.set(
      entry.id,
      line.filter(
        (other) =>
          other.target_id === entry.target_id &&
          (other.created_at < entry.created_at || (other.created_at === entry.created_at && other.id < entry.id)),
      ).length,
    );
  }
  return ahead;
}

/** Data rights: a student's erasure removes their places in every line. */
export async function deleteWaitlistEntriesForUser(db: Executor, userId: string): Promise<number> {
  const result = await db.deleteFrom("waitlist_entries").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Locks one line entry (after its target: the order every seat change locks in). */
export function lockEntryById(trx: Transaction<Database>, dialect: Dialect, id: string) {
  return forUpdate(dialect, trx.selectFrom("waitlist_entries").selectAll().where("id", "=", id)).executeTakeFirst();
}

export async function deleteEntry(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("waitlist_entries").where("id", "=", id).execute();
}
