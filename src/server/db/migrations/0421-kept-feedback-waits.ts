import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * The feedback-time figure's waits kept per settled UTC day of the scorecards' first save
 * (docs/decisions/0421-kept-days-dropped-on-change.md): how many scorecards waited each whole
 * minute after their session's end. Triggers drop a day when a scorecard of it is written or
 * removed, its booking moves to another session, or that session's end moves. Starts empty.
 */
const drop = (onPostgres: boolean, day: string) =>
  onPostgres ? `PERFORM careerprep_drop_feedback_day(${day});` : `DELETE FROM feedback_wait_days WHERE day = ${day};`;

/** The days a changed row feeds, as SQL on its OLD or NEW values. */
const FEEDS = {
  scorecards: { columns: ["created_at", "booking_id"], day: (row: string) => `substr(${row}.created_at, 1, 10)` },
  bookings: {
    columns: ["target_id"],
    day: (row: string) => `(SELECT substr(created_at, 1, 10) FROM scorecards WHERE booking_id = ${row}.id)`,
  },
} as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_day_insert AFTER INSERT ON scorecards BEGIN
      ${drop(false, FEEDS.scorecards.day("NEW"))} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_day_delete AFTER DELETE ON scorecards BEGIN
      ${drop(false, FEEDS.scorecards.day("OLD"))} END`)
    .execute(db);
  for (const [table, feed] of Object.entries(FEEDS)) {
    const changed = feed.columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_feedback_day_update AFTER UPDATE OF ${feed.columns.join(", ")} ON ${table}
      WHEN ${changed} BEGIN
      ${drop(false, feed.day("OLD"))} ${drop(false, feed.day("NEW"))} END`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER slots_drop_feedback_days AFTER UPDATE OF end_at ON slots WHEN OLD.end_at IS NOT NEW.end_at BEGIN
      DELETE FROM feedback_wait_days WHERE day IN (SELECT substr(sc.created_at, 1, 10) FROM bookings b
        JOIN scorecards sc ON sc.booking_id = b.id WHERE b.target_id = NEW.id);
    END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // A day that cannot be settled yet (today's scorecards) returns at once, as in migration 0420.
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_drop_feedback_day(kept_day text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF kept_day IS NULL OR kept_day >= to_char(now() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM feedback_wait_days WHERE day = kept_day;
    END $$`)
    .execute(db);
  for (const [table, feed] of Object.entries(FEEDS)) {
    await sql
      .raw(`CREATE OR REPLACE FUNCTION careerprep_${table}_drop_feedback_day() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP <> 'INSERT' THEN ${drop(true, feed.day("OLD"))} END IF;
        IF TG_OP <> 'DELETE' THEN ${drop(true, feed.day("NEW"))} END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    const changed = feed.columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_feedback_day_update AFTER UPDATE OF ${feed.columns.join(", ")} ON ${table}
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION careerprep_${table}_drop_feedback_day()`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_day AFTER INSERT OR DELETE ON scorecards
    FOR EACH ROW EXECUTE FUNCTION careerprep_scorecards_drop_feedback_day()`)
    .execute(db);
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_slots_drop_feedback_days() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN
      PERFORM careerprep_drop_feedback_day(substr(sc.created_at, 1, 10)) FROM bookings b
        JOIN scorecards sc ON sc.booking_id = b.id WHERE b.target_id = NEW.id;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER slots_drop_feedback_days AFTER UPDATE OF end_at ON slots
    FOR EACH ROW WHEN (OLD.end_at IS DISTINCT FROM NEW.end_at) EXECUTE FUNCTION careerprep_slots_drop_feedback_days()`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feedback_wait_days")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("waits", "text", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (onPostgres ? postgresTriggers(db) : sqliteTriggers(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = onPostgres
    ? [
        ["scorecards", "scorecards_drop_feedback_day"],
        ["scorecards", "scorecards_drop_feedback_day_update"],
        ["bookings", "bookings_drop_feedback_day_update"],
        ["slots", "slots_drop_feedback_days"],
      ]
    : [
        ["scorecards", "scorecards_drop_feedback_day_insert"],
        ["scorecards", "scorecards_drop_feedback_day_delete"],
        ["scorecards", "scorecards_drop_feedback_day_update"],
        ["bookings", "bookings_drop_feedback_day_update"],
        ["slots", "slots_drop_feedback_days"],
      ];
  for (const [table, name] of triggers) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${onPostgres ? ` ON ${table}` : ""}`).execute(db);
  }
  if (onPostgres) {
    for (const name of ["scorecards_drop_feedback_day", "bookings_drop_feedback_day", "slots_drop_feedback_days"]) {
      await sql.raw(`DROP FUNCTION IF EXISTS careerprep_${name}()`).execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS careerprep_drop_feedback_day(text)`.execute(db);
  }
  await db.schema.dropTable("feedback_wait_days").execute();
}
