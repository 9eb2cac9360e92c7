import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * The feedback-time figure's waits kept per settled UTC hour too (docs/decisions/0443-feedback-waits-kept-by-the-hour.md):
 * the window's two ends, a part of a day each, were read from the scorecards and their sessions at every
 * reading. Same rows, same dropping rules as the days' (migration 0421): a trigger drops an hour when a
 * scorecard first saved in it is written or removed, its booking moves to another session, or that
 * session's end moves. Keyed `YYYY-MM-DDTHH`, the first thirteen characters of `scorecards.created_at`.
 * Starts empty.
 */
const hourOf = (createdAt: string) => `substr(${createdAt}, 1, 13)`;
const drop = (onPostgres: boolean, hour: string) =>
  onPostgres
    ? `PERFORM careerprep_drop_feedback_hour(${hour});`
    : `DELETE FROM feedback_wait_hours WHERE hour = ${hour};`;

/** The hours a changed row feeds, as SQL on its OLD or NEW values. */
const FEEDS = {
  scorecards: { columns: ["created_at", "booking_id"], hour: (row: string) => hourOf(`${row}.created_at`) },
  bookings: {
    columns: ["target_id"],
    hour: (row: string) => `(SELECT ${hourOf("created_at")} FROM scorecards WHERE booking_id = ${row}.id)`,
  },
} as const;

const TRIGGERS = {
  sqlite: [
    ["scorecards", "scorecards_drop_feedback_hour_insert"],
    ["scorecards", "scorecards_drop_feedback_hour_delete"],
    ["scorecards", "scorecards_drop_feedback_hour_update"],
    ["bookings", "bookings_drop_feedback_hour_update"],
    ["slots", "slots_drop_feedback_hours"],
  ],
  postgres: [
    ["scorecards", "scorecards_drop_feedback_hour"],
    ["scorecards", "scorecards_drop_feedback_hour_update"],
    ["bookings", "bookings_drop_feedback_hour_update"],
    ["slots", "slots_drop_feedback_hours"],
  ],
} as const;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_hour_insert AFTER INSERT ON scorecards BEGIN
      ${drop(false, FEEDS.scorecards.hour("NEW"))} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_hour_delete AFTER DELETE ON scorecards BEGIN
      ${drop(false, FEEDS.scorecards.hour("OLD"))} END`)
    .execute(db);
  for (const [table, feed] of Object.entries(FEEDS)) {
    const changed = feed.columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_feedback_hour_update AFTER UPDATE OF ${feed.columns.join(", ")} ON ${table}
      WHEN ${changed} BEGIN
      ${drop(false, feed.hour("OLD"))} ${drop(false, feed.hour("NEW"))} END`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER slots_drop_feedback_hours AFTER UPDATE OF end_at ON slots WHEN OLD.end_at IS NOT NEW.end_at BEGIN
      DELETE FROM feedback_wait_hours WHERE hour IN (SELECT ${hourOf("sc.created_at")} FROM bookings b
        JOIN scorecards sc ON sc.booking_id = b.id WHERE b.target_id = NEW.id);
    END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // An hour that cannot be kept yet (the one running now: a scorecard is dated by its first save)
  // returns at once, as the days' function does for today (migration 0436).
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_drop_feedback_hour(kept_hour text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF kept_hour IS NULL OR kept_hour >= to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM feedback_wait_hours WHERE hour = kept_hour;
    END $$`)
    .execute(db);
  for (const [table, feed] of Object.entries(FEEDS)) {
    await sql
      .raw(`CREATE OR REPLACE FUNCTION careerprep_${table}_drop_feedback_hour() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP <> 'INSERT' THEN ${drop(true, feed.hour("OLD"))} END IF;
        IF TG_OP <> 'DELETE' THEN ${drop(true, feed.hour("NEW"))} END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    const changed = feed.columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_feedback_hour_update AFTER UPDATE OF ${feed.columns.join(", ")} ON ${table}
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION careerprep_${table}_drop_feedback_hour()`)
      .execute(db);
  }
  await sql
    .raw(`CREATE TRIGGER scorecards_drop_feedback_hour AFTER INSERT OR DELETE ON scorecards
    FOR EACH ROW EXECUTE FUNCTION careerprep_scorecards_drop_feedback_hour()`)
    .execute(db);
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_slots_drop_feedback_hours() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN
      PERFORM careerprep_drop_feedback_hour(${hourOf("sc.created_at")}) FROM bookings b
        JOIN scorecards sc ON sc.booking_id = b.id WHERE b.target_id = NEW.id;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER slots_drop_feedback_hours AFTER UPDATE OF end_at ON slots
    FOR EACH ROW WHEN (OLD.end_at IS DISTINCT FROM NEW.end_at) EXECUTE FUNCTION careerprep_slots_drop_feedback_hours()`)
    .execute(db);
}

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feedback_wait_hours")
    .addColumn("hour", "text", (c) => c.primaryKey())
    .addColumn("waits", "text", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .execute();
  await (onPostgres(db) ? postgresTriggers(db) : sqliteTriggers(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = onPostgres(db);
  for (const [table, name] of TRIGGERS[postgres ? "postgres" : "sqlite"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${postgres ? ` ON ${table}` : ""}`).execute(db);
  }
  if (postgres) {
    for (const name of ["scorecards_drop_feedback_hour", "bookings_drop_feedback_hour", "slots_drop_feedback_hours"]) {
      await sql.raw(`DROP FUNCTION IF EXISTS careerprep_${name}()`).execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS careerprep_drop_feedback_hour(text)`.execute(db);
  }
  await db.schema.dropTable("feedback_wait_hours").execute();
}
