import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * PostgreSQL only: the seats a target has taken (paid + pending payments whose seat has not run out
 * + unexpired holds), leaving out one student's hold of one kind (the hold being replaced).
 *
 * A hold is taken in one statement that locks the target row first (modules/holds/postgres-hold-repository.ts).
 * A plain subquery in that statement would count with the snapshot taken when the statement
 * began, before it waited for the lock, and miss the hold that the lock's previous owner just
 * committed. A VOLATILE PL/pgSQL function takes a fresh snapshot for each query it runs, so the
 * count happens after the lock is granted (docs/decisions/0080-hold-in-one-statement.md).
 * modules/seats/seats.test.ts checks it against the seat rule (modules/seats/repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
                 AND NOT (h.user_id = except_user AND h.kind = except_kind));
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP FUNCTION IF EXISTS careerprep_seats_taken(text, text, text, text)`.execute(db);
}
