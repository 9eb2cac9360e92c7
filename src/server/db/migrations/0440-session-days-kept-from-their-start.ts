import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * Insights' session figures are kept from the moment their day starts, today included
 * (docs/decisions/0451-session-days-kept-from-their-start.md), so PostgreSQL's dropping function must
 * reach every instant of a started day: it skipped what was dated less than ten minutes ago or later
 * (migration 0436); now only what is dated two days ahead or later, which no started day reaches (a day
 * lasts at most 25 hours; the rest is a margin for the clocks of the server and the database). SQLite's
 * triggers always drop: nothing to change there.
 */
const dropSessionDays = (skipFrom: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION careerprep_drop_kept_days(at text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF at IS NULL OR at = '' OR at >= to_char(${skipFrom}, 'YYYY-MM-DD"T"HH24:MI:SS') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM insight_kept_days WHERE day = at
        OR (day_from >= to_char(cast(substr(at, 1, 10) as date) - 1, 'YYYY-MM-DD') AND day_from <= at AND day_to > at);
    END $$`);

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const utcNow = "now() at time zone 'UTC'";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await dropSessionDays(`${utcNow} + interval '2 days'`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await dropSessionDays(`${utcNow} - interval '10 minutes'`).execute(db);
  // Days kept before they ended an hour ago are no longer reached by every change: summed again when read.
  await sql`delete from insight_kept_days where day_to > to_char(${sql.raw(utcNow)} - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS')`.execute(
    db,
  );
}
