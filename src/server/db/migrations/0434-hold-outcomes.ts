import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Each logged hold's outcome, kept by the database (docs/decisions/0433-hold-outcomes-kept-on-the-log.md):
 * null while nothing followed it, 1 once the same student booked the same session at or after it
 * (a checkout), 2 once such a booking was paid. Insights' funnel counts a day's holds by it instead
 * of looking up each hold's bookings. A booking's insert and its confirmation raise the outcome of
 * the student's earlier holds of its session; nothing lowers it.
 */
const OUTCOME = "CASE WHEN NEW.confirmed_at IS NOT NULL THEN 2 ELSE 1 END";
const RAISE = `UPDATE hold_log SET outcome = ${OUTCOME}
      WHERE user_id = NEW.user_id AND target_id = NEW.target_id AND created_at <= NEW.created_at
        AND coalesce(outcome, 0) < ${OUTCOME}`;
const PAID = "OLD.confirmed_at IS NULL AND NEW.confirmed_at IS NOT NULL";

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TRIGGER bookings_hold_outcome_insert AFTER INSERT ON bookings BEGIN ${RAISE}; END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER bookings_hold_outcome_paid AFTER UPDATE OF confirmed_at ON bookings WHEN ${PAID}
      BEGIN ${RAISE}; END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_hold_outcome() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN ${RAISE}; RETURN NULL; END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER bookings_hold_outcome_insert AFTER INSERT ON bookings
    FOR EACH ROW EXECUTE FUNCTION careerprep_hold_outcome()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER bookings_hold_outcome_paid AFTER UPDATE OF confirmed_at ON bookings
    FOR EACH ROW WHEN (${PAID}) EXECUTE FUNCTION careerprep_hold_outcome()`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("hold_log").addColumn("outcome", "integer").execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (onPostgres ? postgresTriggers(db) : sqliteTriggers(db));
  // The holds logged so far, as the funnel counted them until now (one look at the student's bookings of the session).
  await sql`
    UPDATE hold_log SET outcome = (SELECT max(CASE WHEN b.confirmed_at IS NOT NULL THEN 2 ELSE 1 END) FROM bookings b
      WHERE b.user_id = hold_log.user_id AND b.target_id = hold_log.target_id AND b.created_at >= hold_log.created_at)
    WHERE outcome IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ["bookings_hold_outcome_insert", "bookings_hold_outcome_paid"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${onPostgres ? " ON bookings" : ""}`).execute(db);
  }
  if (onPostgres) await sql`DROP FUNCTION IF EXISTS careerprep_hold_outcome()`.execute(db);
  await db.schema.alterTable("hold_log").dropColumn("outcome").execute();
}
