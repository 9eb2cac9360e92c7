import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * Insights' session figures and the feedback waits are kept once their day ended an hour ago, not
 * two days (docs/decisions/0438-kept-days-an-hour-after.md), so PostgreSQL's dropping functions
 * must reach every day that can now be kept. They returned at once for what was dated after a day
 * ago (session days) or yesterday and today (waits); now for what is dated less than ten minutes
 * ago or later (a payment now, a session to come) and for today's waits. SQLite's triggers always
 * drop: nothing to change there.
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

const dropWaitDay = (skipFrom: string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION careerprep_drop_feedback_day(kept_day text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF kept_day IS NULL OR kept_day >= to_char(${skipFrom}, 'YYYY-MM-DD') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM feedback_wait_days WHERE day = kept_day;
    END $$`);

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const utcNow = "now() at time zone 'UTC'";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await dropSessionDays(`${utcNow} - interval '10 minutes'`).execute(db);
  await dropWaitDay(utcNow).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await dropSessionDays(`${utcNow} - interval '1 day'`).execute(db);
  await dropWaitDay(`${utcNow} - interval '1 day'`).execute(db);
}
