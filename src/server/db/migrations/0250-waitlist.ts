import { type Kysely, PostgresAdapter, sql } from "kysely";
import * as seatsTakenWithoutLine from "./0140-seats-taken-function.js";

/**
 * The waitlist (docs/product.md, Waitlist): one row per student in line for a full slot, workshop
 * session or internship. A row is `waiting` until a freed seat is offered to it (`offered`, held
 * until `offer_expires_at`), then `accepted` (the offer became the student's hold), `lapsed`,
 * or `closed` (the session was cancelled). One live row per student and target.
 *
 * The seats-taken function (migration 0140) now also counts the line: waiting rows and unexpired
 * offers of other students, so a seat that frees while people wait is theirs, not the next
 * walk-in's. modules/seats/seats.test.ts checks it against the seat rule (modules/seats/repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("waitlist_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("offer_expires_at", "text")
    .addColumn("offered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("waitlist_entries_line_idx")
    .on("waitlist_entries")
    .columns(["target_id", "status", "created_at"])
    .execute();
  await db.schema.createIndex("waitlist_entries_user_idx").on("waitlist_entries").column("user_id").execute();
  await db.schema
    .createIndex("waitlist_entries_one_live_idx")
    .on("waitlist_entries")
    .columns(["user_id", "target_id"])
    .unique()
    .where(sql<boolean>`status in ('waiting', 'offered')`)
    .execute();

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    CREATE OR REPLACE FUNCTION careerprep_seats_taken(target text, now_iso text, except_user text, except_kind text)
    RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RETURN (SELECT count(*) FROM bookings b
               WHERE b.target_id = target
                 AND (b.status IN ('confirmed', 'completed', 'no_show')
                      OR (b.status = 'pending_payment' AND b.seat_expires_at > now_iso)))
           + (SELECT count(*) FROM holds h
               WHERE h.target_id = target AND h.expires_at > now_iso
                 AND NOT (h.user_id = except_user AND h.kind = except_kind))
           + (SELECT count(*) FROM waitlist_entries w
               WHERE w.target_id = target AND w.user_id <> except_user
                 AND (w.status = 'waiting' OR (w.status = 'offered' AND w.offer_expires_at > now_iso)));
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("waitlist_entries").execute();
  await seatsTakenWithoutLine.up(db);
}
