import type { ExpressionBuilder, Insertable, OnConflictDatabase, OnConflictTables } from "kysely";
import { WAITLIST_LIVE_STATUSES } from "../../../shared/constants.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { BookingKind, Database, HoldsTable } from "../../db/schema.js";
import { statements } from "./statements.js";

/** The hold, locked on PostgreSQL: a doubled checkout waits here and then finds it gone. */
export function lockHoldById(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("holds").selectAll().where("id", "=", id)).executeTakeFirst();
}

/** The student's unexpired hold on this session, locked on PostgreSQL (after the session, as every hold is). */
export function lockLiveHoldOn(
  db: Executor,
  dialect: Dialect,
  seat: { userId: string; kind: BookingKind; targetId: string; nowIso: string },
) {
  return forUpdate(
    dialect,
    db
      .selectFrom("holds")
      .select("id")
      .where("user_id", "=", seat.userId)
      .where("kind", "=", seat.kind)
      .where("target_id", "=", seat.targetId)
      .where("expires_at", ">", seat.nowIso),
  ).executeTakeFirst();
}

export function findHoldById(db: Executor, id: string) {
  return db.selectFrom("holds").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteHoldRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("holds").where("id", "=", id).execute();
}

export function findActiveHoldsByUser(db: Executor, userId: string, nowIso: string) {
  return db.selectFrom("holds").selectAll().where("user_id", "=", userId).where("expires_at", ">", nowIso).execute();
}

/**
 * The student's holds written when a payment failed: failPayment writes the hold in the transaction
 * that marks the booking failed, with the one instant as the hold's start and the booking's last
 * change (docs/decisions/0130-failed-payment-keeps-the-seat.md); a later hold of the kind replaces
 * the row and its start.
 */
export async function findHoldIdsKeptAfterFailedPayment(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("holds")
    .innerJoin("bookings", (join) =>
      join
        .onRef("bookings.user_id", "=", "holds.user_id")
        .onRef("bookings.target_id", "=", "holds.target_id")
        .onRef("bookings.updated_at", "=", "holds.created_at"),
    )
    .select("holds.id")
    .where("holds.user_id", "=", userId)
    .where("bookings.status", "=", "failed")
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Writes a hold unless the student already holds a seat of this kind; true when written. */
export async function insertHoldUnlessHolding(db: Executor, hold: Insertable<HoldsTable>): Promise<boolean> {
  const written = await db
    .insertInto("holds")
    .values(hold)
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Deletes the user's own hold in one statement and says whether anyone stands in its target's
 * line (then the freed seat is theirs to be offered). Undefined when there was no such hold.
 */
export async function deleteOwnHold(db: Executor, dialect: Dialect, id: string, userId: string) {
  const statement = statements(`${dialect}-release`, { id, userId }, (v) =>
    db
      .deleteFrom("holds")
      .where("holds.id", "=", v.id)
      .where("holds.user_id", "=", v.userId)
      .returning((eb) => [
        "holds.kind",
        "holds.target_id",
        eb
          .exists(
            eb
              .selectFrom("waitlist_entries")
              .select("waitlist_entries.id")
              .whereRef("waitlist_entries.target_id", "=", "holds.target_id")
              .where("waitlist_entries.status", "in", WAITLIST_LIVE_STATUSES),
          )
          .as("line"),
      ]),
  );
  const row = (await db.executeQuery(statement)).rows[0];
  return row && { kind: row.kind, targetId: row.target_id, line: Boolean(row.line) };
}

export async function deleteExpiredHolds(db: Executor, nowIso: string): Promise<number> {
  const result = await db.deleteFrom("holds").where("expires_at", "<=", nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function hasLiveHold(db: Executor, userId: string, targetId: string, nowIso: string): Promise<boolean> {
  const held = await db
    .selectFrom("holds")
    .select("id")
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return held !== undefined;
}

export function findHoldOfKind(db: Executor, userId: string, kind: BookingKind) {
  return db
    .selectFrom("holds")
    .select("target_id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/** Gives the student this hold, replacing their hold of the same kind (one per kind). */
export async function replaceHoldOfKind(db: Executor, hold: Insertable<HoldsTable>): Promise<void> {
  await db
    .insertInto("holds")
    .values(hold)
    .onConflict((oc) =>
      oc.columns(["user_id", "kind"]).doUpdateSet({
        id: hold.id,
        target_id: hold.target_id,
        package_key: hold.package_key,
        expires_at: hold.expires_at,
        created_at: hold.created_at,
      }),
    )
    .execute();
}

/** On a second hold of the same kind, the student's row becomes the new hold. */
export const replaceHold = (
  eb: ExpressionBuilder<OnConflictDatabase<Database, "holds">, OnConflictTables<"holds">>,
) => ({
  id: eb.ref("excluded.id"),
  target_id: eb.ref("excluded.target_id"),
  package_key: eb.ref("excluded.package_key"),
  expires_at: eb.ref("excluded.expires_at"),
  created_at: eb.ref("excluded.created_at"),
});
