import type { Executor } from "../../db/database.js";
import type { Bucket } from "./repository.js";

/** Seats offered and sold by the sessions starting in a day (mock slots, workshops, internship batches). */
export interface DaySeats {
  day: string;
  capacity: number;
  sold: number;
}

/** Attendance marked and scorecards written for one package's sessions starting in a day. */
export interface DayMarks {
  day: string;
  packageKey: string;
  attended: number;
  noShows: number;
  scoreTotal: number;
  scorecards: number;
}

/** One code's use by bookings paid in a day and still paid. */
export interface DayCoupons {
  day: string;
  code: string;
  redemptions: number;
  discountPaise: number;
  revenuePaise: number;
}

export interface SessionDayFigures {
  seats: DaySeats[];
  marks: DayMarks[];
  coupons: DayCoupons[];
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

/** The kept session figures of the days from `first` to `last` (keys, both included). */
export async function findKeptSessionDays(
  db: Executor,
  timeZone: string,
  first: string,
  last: string,
): Promise<SessionDayFigures> {
  const [seats, marks, coupons] = await Promise.all([
    db
      .selectFrom("insight_kept_days")
      .select(["day", "capacity", "sold"])
      .where("time_zone", "=", timeZone)
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
    db
      .selectFrom("insight_day_marks")
      .select([
        "day",
        "package_key as packageKey",
        "attended",
        "no_shows as noShows",
        "score_total as scoreTotal",
        "scorecards",
      ])
      .where("time_zone", "=", timeZone)
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
    db
      .selectFrom("insight_day_coupons")
      .select(["day", "code", "redemptions", "discount_paise as discountPaise", "revenue_paise as revenuePaise"])
      .where("time_zone", "=", timeZone)
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
  ]);
  const kept = new Set(seats.map((s) => s.day));
  return {
    seats: seats.map((s) => ({ day: s.day, capacity: Number(s.capacity), sold: Number(s.sold) })),
    marks: marks
      .filter((m) => kept.has(m.day))
      .map((m) => ({
        ...m,
        attended: Number(m.attended),
        noShows: Number(m.noShows),
        scoreTotal: Number(m.scoreTotal),
        scorecards: Number(m.scorecards),
      })),
    coupons: coupons
      .filter((c) => kept.has(c.day))
      .map((c) => ({
        ...c,
        redemptions: Number(c.redemptions),
        discountPaise: Number(c.discountPaise),
        revenuePaise: Number(c.revenuePaise),
      })),
  };
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
