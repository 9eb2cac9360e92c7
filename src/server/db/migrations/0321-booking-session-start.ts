import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A booking's session start (an instant; an internship's start date; empty when the session was gone before this column existed), kept by the database on
 * every write that sets it: a new booking, a booking moved to another session, a session moved to
 * another time. The console's bookings list is ordered by it, one page at a time from an index
 * (docs/decisions/0321-bookings-paged-by-session-start.md). Triggers, not the many services that
 * write bookings and sessions, so no writer can forget it.
 */
const SESSION_START = `coalesce(CASE NEW.kind
      WHEN 'mock' THEN (SELECT start_at FROM slots WHERE id = NEW.target_id)
      WHEN 'workshop' THEN (SELECT start_at FROM workshops WHERE id = NEW.target_id)
      ELSE (SELECT substr(start_date, 1, 10) FROM internships WHERE id = NEW.target_id) END, '')`;

const MOVES = [
  { table: "slots", column: "start_at", value: "NEW.start_at" },
  { table: "workshops", column: "start_at", value: "NEW.start_at" },
  { table: "internships", column: "start_date", value: "substr(NEW.start_date, 1, 10)" },
] as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const event of ["INSERT", "UPDATE OF target_id, kind"]) {
    const name = event === "INSERT" ? "bookings_session_start_insert" : "bookings_session_start_move";
    await sql
      .raw(`CREATE TRIGGER ${name} AFTER ${event} ON bookings BEGIN
      UPDATE bookings SET session_start = ${SESSION_START} WHERE id = NEW.id;
    END`)
      .execute(db);
  }
  for (const move of MOVES) {
    await sql
      .raw(`CREATE TRIGGER ${move.table}_moves_bookings AFTER UPDATE OF ${move.column} ON ${move.table} BEGIN
      UPDATE bookings SET session_start = ${move.value} WHERE target_id = NEW.id;
    END`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_booking_session_start() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN NEW.session_start := ${SESSION_START}; RETURN NEW; END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER bookings_session_start BEFORE INSERT OR UPDATE OF target_id, kind ON bookings
    FOR EACH ROW EXECUTE FUNCTION careerprep_booking_session_start()`)
    .execute(db);
  for (const move of MOVES) {
    await sql
      .raw(`CREATE OR REPLACE FUNCTION careerprep_${move.table}_moves_bookings() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        UPDATE bookings SET session_start = ${move.value} WHERE target_id = NEW.id; RETURN NEW;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${move.table}_moves_bookings AFTER UPDATE OF ${move.column} ON ${move.table}
      FOR EACH ROW WHEN (OLD.${move.column} IS DISTINCT FROM NEW.${move.column})
      EXECUTE FUNCTION careerprep_${move.table}_moves_bookings()`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("session_start", "text").execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (onPostgres ? postgresTriggers(db) : sqliteTriggers(db));
  await sql.raw(`UPDATE bookings SET session_start = ${SESSION_START.replaceAll("NEW.", "bookings.")}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ["bookings_session_start_insert", "bookings_session_start_move"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${onPostgres ? " ON bookings" : ""}`).execute(db);
  }
  await sql.raw(`DROP TRIGGER IF EXISTS bookings_session_start${onPostgres ? " ON bookings" : ""}`).execute(db);
  for (const move of MOVES) {
    await sql
      .raw(`DROP TRIGGER IF EXISTS ${move.table}_moves_bookings${onPostgres ? ` ON ${move.table}` : ""}`)
      .execute(db);
    if (onPostgres) await sql.raw(`DROP FUNCTION IF EXISTS careerprep_${move.table}_moves_bookings()`).execute(db);
  }
  if (onPostgres) await sql`DROP FUNCTION IF EXISTS careerprep_booking_session_start()`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("session_start").execute();
}
