import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * A UTC day's feedback waits are kept once the day ended an hour ago, not two days
 * (docs/decisions/0438-feedback-days-kept-sooner.md). PostgreSQL's dropping function returned at
 * once for yesterday's and today's scorecards; it now returns at once for today's only, so every day
 * that can be kept is dropped by a change. SQLite's triggers always drop: nothing to change there.
 */
const dropFunction = (skipFrom: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION careerprep_drop_feedback_day(kept_day text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF kept_day IS NULL OR kept_day >= to_char(${skipFrom}, 'YYYY-MM-DD') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM feedback_wait_days WHERE day = kept_day;
    END $$`);

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await dropFunction("now() at time zone 'UTC'").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) await dropFunction("now() at time zone 'UTC' - interval '1 day'").execute(db);
}
