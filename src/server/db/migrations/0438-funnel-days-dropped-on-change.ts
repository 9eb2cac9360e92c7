import { type Kysely, PostgresAdapter, sql } from "kysely";
import { addDays, zonedToInstant } from "../../../shared/time.js";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * Insights' hold funnel of a day is kept an hour after the day ended, and dropped when a hold of
 * that day changes its outcome later (docs/decisions/0441-money-and-funnel-kept-an-hour-after.md):
 * a checkout or a payment (even days later: a booking raises the outcome of every earlier hold of
 * the student for its session, migration 0434). Each kept day names its instants, as the session
 * days do (migration 0420), and a trigger on `hold_log` drops the day holding a hold whose outcome
 * rose. Only holds of the last 30 days drop their day: the log keeps 35 (insights/hold-log-retention.ts),
 * and a day whose holds are gone could not be summed again.
 */
const FOLLOWED_DAYS = 30;

/** SQLite: when a hold's outcome rose, inside the days that can be kept and still summed again. */
const SQLITE_WHEN = `OLD.outcome IS NOT NEW.outcome
      AND NEW.created_at < strftime('%Y-%m-%dT%H:%M:%S', 'now', '-10 minutes')
      AND NEW.created_at >= strftime('%Y-%m-%dT%H:%M:%S', 'now', '-${FOLLOWED_DAYS} days')`;

const DROP = (at: string, dayBefore: string) =>
  `DELETE FROM insight_days WHERE day_from >= ${dayBefore} AND day_from <= ${at} AND day_to > ${at}`;

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Each kept day's instants, in its own zone: a few hundred rows a year, filled one by one. */
async function fillInstants(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ time_zone: string; day: string }>`select time_zone, day from insight_days`.execute(db);
  for (const { time_zone: zone, day } of rows.rows) {
    const from = zonedToInstant(day, "00:00", zone).toISOString();
    const to = zonedToInstant(addDays(day, 1), "00:00", zone).toISOString();
    await sql`update insight_days set day_from = ${from}, day_to = ${to} where time_zone = ${zone} and day = ${day}`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("insight_days")
    .addColumn("day_from", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("insight_days")
    .addColumn("day_to", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await fillInstants(db);
  await db.schema.createIndex("insight_days_from_idx").on("insight_days").column("day_from").execute();
  if (!onPostgres(db)) {
    await sql
      .raw(`CREATE TRIGGER hold_log_drop_funnel_day AFTER UPDATE OF outcome ON hold_log WHEN ${SQLITE_WHEN}
      BEGIN ${DROP("NEW.created_at", "date(NEW.created_at, '-1 day')")}; END`)
      .execute(db);
    return;
  }
  // As the session days' function (migration 0436): a hold of the last ten minutes or older than the
  // followed days returns at once; otherwise it waits for a summing in progress (the lock it shares).
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_drop_funnel_day() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.created_at >= to_char(now() at time zone 'UTC' - interval '10 minutes', 'YYYY-MM-DD"T"HH24:MI:SS')
        OR NEW.created_at < to_char(now() at time zone 'UTC' - interval '${FOLLOWED_DAYS} days', 'YYYY-MM-DD"T"HH24:MI:SS') THEN
        RETURN NULL;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      ${DROP("NEW.created_at", "to_char(cast(substr(NEW.created_at, 1, 10) as date) - 1, 'YYYY-MM-DD')")};
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER hold_log_drop_funnel_day AFTER UPDATE OF outcome ON hold_log
    FOR EACH ROW WHEN (OLD.outcome IS DISTINCT FROM NEW.outcome) EXECUTE FUNCTION careerprep_drop_funnel_day()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TRIGGER IF EXISTS hold_log_drop_funnel_day${onPostgres(db) ? " ON hold_log" : ""}`).execute(db);
  if (onPostgres(db)) await sql`DROP FUNCTION IF EXISTS careerprep_drop_funnel_day()`.execute(db);
  await db.schema.dropIndex("insight_days_from_idx").execute();
  await db.schema.alterTable("insight_days").dropColumn("day_to").execute();
  await db.schema.alterTable("insight_days").dropColumn("day_from").execute();
}
