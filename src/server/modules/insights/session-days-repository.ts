import { type ExpressionBuilder, sql } from "kysely";
import type { Executor } from "../../db/database.js";
import type { Bucket } from "./repository.js";

/** Seats offered and sold by the sessions starting in a day (mock slots, workshops, internship batches). */
export interface DaySeats {
  day: string;
  capacity: number;
  sold: number;
}

/** Attendance marked and scorecards written for one package's sessions. */
export interface PackageMarks {
  packageKey: string;
  attended: number;
  noShows: number;
  scoreTotal: number;
  scorecards: number;
}

/** A package's marks on the sessions starting in a day. */
export interface DayMarks extends PackageMarks {
  day: string;
}

/** One code's use by bookings paid and still paid. */
export interface CodeUse {
  code: string;
  redemptions: number;
  discountPaise: number;
  revenuePaise: number;
}

/** A code's use by bookings paid in a day. */
export interface DayCoupons extends CodeUse {
  day: string;
}

/** The days' figures as they are kept, per day: what is summed from the rows and written. */
export interface SessionDayFigures {
  seats: DaySeats[];
  marks: DayMarks[];
  coupons: DayCoupons[];
}

/**
 * The days' figures as Insights reads them: seats per day (for the weeks), marks per package and
 * coupons per code, each summed over the days, or per day where they come from the rows.
 */
export interface SessionFigures {
  seats: DaySeats[];
  marks: PackageMarks[];
  coupons: CodeUse[];
}

const INSERT_ROWS = 200;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await insert(rows.slice(i, i + INSERT_ROWS));
}

/** Which of the days are kept (their marks and coupons count only while the day's row is there). */
export async function findKeptDayKeys(db: Executor, timeZone: string, first: string, last: string) {
  const rows = await db
    .selectFrom("insight_kept_days")
    .select("day")
    .where("time_zone", "=", timeZone)
    .where("day", ">=", first)
    .where("day", "<=", last)
    .execute();
  return new Set(rows.map((r) => r.day));
}

/** A kept row of the zone's days from `first` to `last`, in a statement that names its table `x`. */
const keptRowsIn = (
  eb: ExpressionBuilder<{ x: { time_zone: string; day: string } }, "x">,
  at: { timeZone: string; first: string; last: string },
) => eb.and([eb("x.time_zone", "=", at.timeZone), eb("x.day", ">=", at.first), eb("x.day", "<=", at.last)]);

/**
 * The kept session figures of the days from `first` to `last` (keys, both included): each kept day's
 * seats, and the marks and coupons of the kept days summed per package and per code. One statement,
 * so the marks and coupons counted are those of the days it returns as kept, even while a write drops
 * a day; and the database sums a year's day and package rows, the server reads one per package.
 */
export async function findKeptSessionDays(
  db: Executor,
  timeZone: string,
  first: string,
  last: string,
): Promise<SessionFigures> {
  const inPeriod = { timeZone, first, last };
  const rows = await db
    .selectFrom("insight_kept_days as k")
    .select([
      sql.lit("seats").as("part"),
      "k.day as key",
      "k.capacity as a",
      "k.sold as b",
      sql.lit(0).as("c"),
      sql.lit(0).as("d"),
    ])
    .where("k.time_zone", "=", timeZone)
    .where("k.day", ">=", first)
    .where("k.day", "<=", last)
    .unionAll(
      db
        .selectFrom("insight_day_marks as x")
        .innerJoin("insight_kept_days as k", (join) =>
          join.onRef("k.time_zone", "=", "x.time_zone").onRef("k.day", "=", "x.day"),
        )
        .where((eb) => keptRowsIn(eb, inPeriod))
        .select((eb) => [
          sql.lit("marks").as("part"),
          "x.package_key as key",
          eb.fn.sum<number>("x.attended").as("a"),
          eb.fn.sum<number>("x.no_shows").as("b"),
          eb.fn.sum<number>("x.score_total").as("c"),
          eb.fn.sum<number>("x.scorecards").as("d"),
        ])
        .groupBy("x.package_key"),
    )
    .unionAll(
      db
        .selectFrom("insight_day_coupons as x")
        .innerJoin("insight_kept_days as k", (join) =>
          join.onRef("k.time_zone", "=", "x.time_zone").onRef("k.day", "=", "x.day"),
        )
        .where((eb) => keptRowsIn(eb, inPeriod))
        .select((eb) => [
          sql.lit("coupons").as("part"),
          "x.code as key",
          eb.fn.sum<number>("x.redemptions").as("a"),
          eb.fn.sum<number>("x.discount_paise").as("b"),
          eb.fn.sum<number>("x.revenue_paise").as("c"),
          sql.lit(0).as("d"),
        ])
        .groupBy("x.code"),
    )
    .execute();
  const figures: SessionFigures = { seats: [], marks: [], coupons: [] };
  for (const row of rows) {
    const [a, b, c, d] = [Number(row.a), Number(row.b), Number(row.c), Number(row.d)];
    if (row.part === "seats") figures.seats.push({ day: row.key, capacity: a, sold: b });
    else if (row.part === "marks") {
      figures.marks.push({ packageKey: row.key, attended: a, noShows: b, scoreTotal: c, scorecards: d });
    } else figures.coupons.push({ code: row.key, redemptions: a, discountPaise: b, revenuePaise: c });
  }
  return figures;
}

/**
 * Keeps the days' session figures: first drops what a day dropped by a trigger left behind (its
 * marks and coupons), then writes the day with its instants so the triggers can find it again.
 */
export async function insertKeptSessionDays(
  db: Executor,
  timeZone: string,
  days: readonly Bucket[],
  figures: SessionDayFigures,
  rolledAt: string,
): Promise<void> {
  const keys = days.map((d) => d.key);
  for (const table of ["insight_day_marks", "insight_day_coupons"] as const) {
    await insertInChunks(keys, (chunk) =>
      db.deleteFrom(table).where("time_zone", "=", timeZone).where("day", "in", chunk).execute(),
    );
  }
  const seats = new Map(figures.seats.map((s) => [s.day, s]));
  await insertInChunks([...days], (chunk) =>
    db
      .insertInto("insight_kept_days")
      .values(
        chunk.map((d) => ({
          day: d.key,
          time_zone: timeZone,
          day_from: d.fromIso,
          day_to: d.toIso,
          capacity: seats.get(d.key)?.capacity ?? 0,
          sold: seats.get(d.key)?.sold ?? 0,
          rolled_at: rolledAt,
        })),
      )
      .execute(),
  );
  await insertInChunks(figures.marks, (chunk) =>
    db
      .insertInto("insight_day_marks")
      .values(
        chunk.map((m) => ({
          time_zone: timeZone,
          day: m.day,
          package_key: m.packageKey,
          attended: m.attended,
          no_shows: m.noShows,
          score_total: m.scoreTotal,
          scorecards: m.scorecards,
        })),
      )
      .execute(),
  );
  await insertInChunks(figures.coupons, (chunk) =>
    db
      .insertInto("insight_day_coupons")
      .values(
        chunk.map((c) => ({
          time_zone: timeZone,
          day: c.day,
          code: c.code,
          redemptions: c.redemptions,
          discount_paise: c.discountPaise,
          revenue_paise: c.revenuePaise,
        })),
      )
      .execute(),
  );
}
