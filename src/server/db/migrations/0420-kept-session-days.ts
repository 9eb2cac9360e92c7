import { type Kysely, PostgresAdapter, sql } from "kysely";
import { KEPT_DAYS_LOCK } from "../settled-days.js";

/**
 * Insights' figures that follow sessions and later marks, kept per settled platform-zone day
 * (docs/decisions/0421-kept-days-dropped-on-change.md): seats offered and sold by the sessions
 * starting in the day, attendance and scores of those sessions per package, and coupon use of the
 * bookings paid in the day. Each kept day names its instants, so triggers drop it whenever a row
 * that feeds it changes; the next read sums it again from the rows. Triggers, not the many services
 * that write bookings, sessions, scorecards and redemptions, so no writer can forget. The tables
 * start empty and fill on first read: the upgrade is instant at any size.
 */

/** SQLite: drops the kept day holding the instant (or named by the date) `at`; nothing when it is null or empty. */
const sqliteDrop = (at: string) =>
  `DELETE FROM insight_kept_days WHERE day = ${at}
     OR (day_from >= date(${at}, '-1 day') AND day_from <= ${at} AND day_to > ${at});`;

/** The days a row feeds, as SQL on its OLD or NEW values. */
const FEEDS = {
  bookings: (row: string) => [`${row}.session_start`, `${row}.confirmed_at`],
  slots: (row: string) => [`${row}.start_at`],
  workshops: (row: string) => [`${row}.start_at`],
  internships: (row: string) => [`substr(${row}.start_date, 1, 10)`],
  scorecards: (row: string) => [`(SELECT session_start FROM bookings WHERE id = ${row}.booking_id)`],
  coupon_redemptions: (row: string) => [`(SELECT confirmed_at FROM bookings WHERE id = ${row}.booking_id)`],
} as const;

type Fed = keyof typeof FEEDS;

/** The columns whose change can move a kept figure; an update touching none of them drops nothing. */
const CHANGING: Record<Fed, string[]> = {
  bookings: [
    "status",
    "attendance",
    "target_id",
    "kind",
    "package_key",
    "amount_paise",
    "confirmed_at",
    "cancelled_at",
    "session_start",
  ],
  slots: ["capacity", "start_at", "cancelled_at"],
  workshops: ["capacity", "start_at", "cancelled_at"],
  internships: ["capacity", "start_date"],
  scorecards: ["overall", "booking_id"],
  coupon_redemptions: ["booking_id", "discount_paise"],
};

const TABLES = Object.keys(FEEDS) as Fed[];

async function createTables(db: Kysely<unknown>): Promise<void> {
  // Keyed by day first: an internship's batch names its day by date, and the triggers drop by it.
  await db.schema
    .createTable("insight_kept_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day_from", "text", (c) => c.notNull())
    .addColumn("day_to", "text", (c) => c.notNull())
    .addColumn("capacity", "integer", (c) => c.notNull())
    .addColumn("sold", "integer", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_kept_days_pk", ["day", "time_zone"])
    .execute();
  await db.schema.createIndex("insight_kept_days_from_idx").on("insight_kept_days").column("day_from").execute();
  await db.schema
    .createTable("insight_day_marks")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("attended", "integer", (c) => c.notNull())
    .addColumn("no_shows", "integer", (c) => c.notNull())
    .addColumn("score_total", "integer", (c) => c.notNull())
    .addColumn("scorecards", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_day_marks_pk", ["time_zone", "day", "package_key"])
    .execute();
  await db.schema
    .createTable("insight_day_coupons")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("redemptions", "integer", (c) => c.notNull())
    .addColumn("discount_paise", "bigint", (c) => c.notNull())
    .addColumn("revenue_paise", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_day_coupons_pk", ["time_zone", "day", "code"])
    .execute();
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    const changed = CHANGING[table].map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ");
    const events = [
      { name: "insert", event: "INSERT", rows: ["NEW"], when: "" },
      { name: "delete", event: "DELETE", rows: ["OLD"], when: "" },
      { name: "update", event: `UPDATE OF ${CHANGING[table].join(", ")}`, rows: ["OLD", "NEW"], when: changed },
    ];
    for (const { name, event, rows, when } of events) {
      const drops = rows.flatMap((row) => FEEDS[table](row).map(sqliteDrop)).join("\n      ");
      await sql
        .raw(`CREATE TRIGGER ${table}_drop_kept_days_${name} AFTER ${event} ON ${table}
      ${when ? `WHEN ${when}` : ""} BEGIN
      ${drops}
    END`)
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // A write to a day that cannot be settled yet (the day after tomorrow's session, a payment now) returns
  // at once: only days that ended two days ago are kept (db/settled-days.ts), and this keeps a day's margin.
  await sql
    .raw(`CREATE OR REPLACE FUNCTION careerprep_drop_kept_days(at text) RETURNS void
    LANGUAGE plpgsql AS $$ BEGIN
      IF at IS NULL OR at = '' OR at >= to_char(now() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS') THEN
        RETURN;
      END IF;
      PERFORM pg_advisory_xact_lock_shared(${KEPT_DAYS_LOCK});
      DELETE FROM insight_kept_days WHERE day = at
        OR (day_from >= to_char(cast(substr(at, 1, 10) as date) - 1, 'YYYY-MM-DD') AND day_from <= at AND day_to > at);
    END $$`)
    .execute(db);
  for (const table of TABLES) {
    const drops = (row: string) =>
      FEEDS[table](row)
        .map((at) => `PERFORM careerprep_drop_kept_days(${at});`)
        .join(" ");
    await sql
      .raw(`CREATE OR REPLACE FUNCTION careerprep_${table}_drop_kept_days() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP <> 'INSERT' THEN ${drops("OLD")} END IF;
        IF TG_OP <> 'DELETE' THEN ${drops("NEW")} END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    const changed = CHANGING[table].map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(" OR ");
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_kept_days_update AFTER UPDATE OF ${CHANGING[table].join(", ")} ON ${table}
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION careerprep_${table}_drop_kept_days()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_drop_kept_days AFTER INSERT OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION careerprep_${table}_drop_kept_days()`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  // A day's workshops by their start, as slots already are (a few thousand rows: built in place).
  await db.schema.createIndex("workshops_start_idx").on("workshops").column("start_at").execute();
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await (onPostgres ? postgresTriggers(db) : sqliteTriggers(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of TABLES) {
    const names = onPostgres
      ? ["drop_kept_days", "drop_kept_days_update"]
      : ["drop_kept_days_insert", "drop_kept_days_delete", "drop_kept_days_update"];
    for (const name of names) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_${name}${onPostgres ? ` ON ${table}` : ""}`).execute(db);
    }
    if (onPostgres) await sql.raw(`DROP FUNCTION IF EXISTS careerprep_${table}_drop_kept_days()`).execute(db);
  }
  if (onPostgres) await sql`DROP FUNCTION IF EXISTS careerprep_drop_kept_days(text)`.execute(db);
  await db.schema.dropIndex("workshops_start_idx").execute();
  for (const table of ["insight_day_coupons", "insight_day_marks", "insight_kept_days"]) {
    await db.schema.dropTable(table).execute();
  }
}
