import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A line entry's session start (an instant; an internship's start date; empty when the session is
 * gone), kept by the database like a booking's (migration 0321): on a new entry, and when its slot,
 * workshop or internship moves to another time. The console's waitlists are ordered by it, a page
 * at a time from an index (docs/decisions/0425-waitlists-paged-by-session-start.md).
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
    const name = event === "INSERT" ? "waitlist_session_start_insert" : "waitlist_session_start_move";
    await sql
      .raw(`CREATE TRIGGER ${name} AFTER ${event} ON waitlist_entries BEGIN
      UPDATE waitlist_entries SET session_start = ${SESSION_START} WHERE id = NEW.id;
    END`)
      .execute(db);
  }
  for (const move of MOVES) {
    await sql
      .raw(`CREATE TRIGGER ${move.table}_moves_waitlist AFTER UPDATE OF ${move.column} ON ${move.table} BEGIN
      UPDATE waitlist_entries SET session_start = ${move.value} WHERE target_id = NEW.id;
    END`)
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_waitlist_session_start() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN NEW.session_start := ${SESSION_START}; RETURN NEW; END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER waitlist_session_start BEFORE INSERT OR UPDATE OF target_id, kind ON waitlist_entries
    FOR EACH ROW EXECUTE FUNCTION careerprep_waitlist_session_start()`)
    .execute(db);
  for (const move of MOVES) {
    await sql
      .raw(`CREATE OR REPLACE FUNCTION careerprep_${move.table}_moves_waitlist() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        UPDATE waitlist_entries SET session_start = ${move.value} WHERE target_id = NEW.id; RETURN NEW;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${move.table}_moves_waitlist AFTER UPDATE OF ${move.column} ON ${move.table}
      FOR EACH ROW WHEN (OLD.${move.column} IS DISTINCT FROM NEW.${move.column})
      EXECUTE FUNCTION careerprep_${move.table}_moves_waitlist()`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("waitlist_entries").addColumn("session_start", "text").execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (onPostgres ? postgresTriggers(db) : sqliteTriggers(db));
  await sql
    .raw(`UPDATE waitlist_entries SET session_start = ${SESSION_START.replaceAll("NEW.", "waitlist_entries.")}`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of ["waitlist_session_start_insert", "waitlist_session_start_move", "waitlist_session_start"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${onPostgres ? " ON waitlist_entries" : ""}`).execute(db);
  }
  for (const move of MOVES) {
    await sql
      .raw(`DROP TRIGGER IF EXISTS ${move.table}_moves_waitlist${onPostgres ? ` ON ${move.table}` : ""}`)
      .execute(db);
    if (onPostgres) await sql.raw(`DROP FUNCTION IF EXISTS careerprep_${move.table}_moves_waitlist()`).execute(db);
  }
  if (onPostgres) await sql`DROP FUNCTION IF EXISTS careerprep_waitlist_session_start()`.execute(db);
  await db.schema.alterTable("waitlist_entries").dropColumn("session_start").execute();
}
