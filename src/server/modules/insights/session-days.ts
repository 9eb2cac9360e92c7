import type { AppDeps } from "../../app-deps.js";
import type { Executor } from "../../db/database.js";
import { lockKeptDays, sessionDaysKeptBy, sumOnce } from "../../db/settled-days.js";
import {
  type Bucket,
  countMarkedAttendanceByDay,
  countPaidSeats,
  findInternshipsStartingIn,
  sumCouponUseByDay,
  sumScoresByDay,
  sumTimedSeatsByDay,
} from "./repository.js";
import {
  type DayMarks,
  type DaySeats,
  findKeptDayKeys,
  findKeptSessionDays,
  insertKeptSessionDays,
  type SessionDayFigures,
  type SessionFigures,
} from "./session-days-repository.js";

/** Seats of the days' slots and workshops (by start) and internship batches (by start date). */
async function sumSeats(db: Executor, days: readonly Bucket[]): Promise<DaySeats[]> {
  const seats = new Map((await sumTimedSeatsByDay(db, days)).map((s) => [s.day, s]));
  const keys = new Set(days.map((d) => d.key));
  const batches = (
    await findInternshipsStartingIn(db, { from: days[0]?.key ?? "", to: days.at(-1)?.key ?? "" })
  ).filter((b) => keys.has(b.startDate.slice(0, 10)));
  const sold = await countPaidSeats(
    db,
    batches.map((b) => b.id),
  );
  for (const batch of batches) {
    const day = batch.startDate.slice(0, 10);
    const found = seats.get(day) ?? { day, capacity: 0, sold: 0 };
    found.capacity += batch.capacity;
    found.sold += Math.min(sold.get(batch.id) ?? 0, batch.capacity);
    seats.set(day, found);
  }
  return [...seats.values()];
}

/** The days' seats, marks and coupon use summed from the rows (sessions, bookings, scorecards, redemptions). */
export async function sumSessionDaysFromRows(db: Executor, days: readonly Bucket[]): Promise<SessionDayFigures> {
  if (days.length === 0) return { seats: [], marks: [], coupons: [] };
  const [seats, attendance, scores, coupons] = await Promise.all([
    sumSeats(db, days),
    countMarkedAttendanceByDay(db, days),
    sumScoresByDay(db, days),
    sumCouponUseByDay(db, days),
  ]);
  const marks = new Map<string, DayMarks>();
  const row = (day: string, packageKey: string) => {
    const key = `${day} ${packageKey}`;
    const found = marks.get(key) ?? { day, packageKey, attended: 0, noShows: 0, scoreTotal: 0, scorecards: 0 };
    marks.set(key, found);
    return found;
  };
  for (const a of attendance) {
    if (a.status === "completed") row(a.day, a.packageKey).attended += a.n;
    else row(a.day, a.packageKey).noShows += a.n;
  }
  for (const s of scores) {
    const found = row(s.day, s.packageKey);
    found.scoreTotal += s.total;
    found.scorecards += s.n;
  }
  return { seats, marks: [...marks.values()], coupons };
}

/**
 * Days summed and kept per transaction. A keeping transaction holds SQLite's one writer, or on
 * PostgreSQL every write to a session of a started day or of the next two (a checkout, a payment,
 * a mark: docs/decisions/0451-session-days-kept-from-their-start.md): one day's sums at a time, a
 * few to tens of milliseconds at L, so a first read of a year or the upkeep after an upgrade never
 * holds them for a week's or a month's.
 */
const DAYS_PER_TRANSACTION = 1;

/**
 * Sums the days not kept and keeps them, in one transaction that writes to these days wait
 * for (PostgreSQL: the lock their triggers share; SQLite: its one writer), so a change committed
 * while summing is never lost under a kept day.
 */
async function keepSessionDays(deps: AppDeps, days: readonly Bucket[]): Promise<void> {
  const timeZone = deps.config.timeZone;
  await deps.db.transaction().execute(async (trx) => {
    await lockKeptDays(trx, deps.dialect);
    const present = await findKeptDayKeys(trx, timeZone, days[0]?.key ?? "", days.at(-1)?.key ?? "");
    const missing = days.filter((d) => !present.has(d.key));
    if (missing.length === 0) return;
    const figures = await sumSessionDaysFromRows(trx, missing);
    await insertKeptSessionDays(trx, timeZone, missing, figures, new Date().toISOString());
  });
}

/**
 * The period's seats, marks and coupon use per day: every day that has started kept (summed from the
 * rows the first time it is asked for, and again after a trigger dropped it because a row feeding it
 * changed: docs/decisions/0421-kept-days-dropped-on-change.md), today included
 * (docs/decisions/0451-session-days-kept-from-their-start.md); days to come from the rows. The kept
 * days' marks and coupons come summed per package and per code; those of the rows per day.
 */
export async function readSessionDays(
  deps: AppDeps,
  days: readonly Bucket[],
  nowMs = Date.now(),
): Promise<SessionFigures> {
  const startedBy = sessionDaysKeptBy(nowMs);
  const started = days.filter((d) => d.fromIso <= startedBy);
  const toCome = days.filter((d) => d.fromIso > startedBy);
  // Days to come are read beside the kept days (PostgreSQL: on other connections of the pool).
  const [kept, fresh] = await Promise.all([
    readKeptSessionDays(deps, started),
    sumSessionDaysFromRows(deps.db, toCome),
  ]);
  // A day a write dropped again between keeping and reading is summed from the rows for this answer.
  const keptDays = new Set(kept.seats.map((s) => s.day));
  const dropped = await sumSessionDaysFromRows(
    deps.db,
    started.filter((d) => !keptDays.has(d.key)),
  );
  return {
    seats: [...kept.seats, ...fresh.seats, ...dropped.seats],
    marks: [...kept.marks, ...fresh.marks, ...dropped.marks],
    coupons: [...kept.coupons, ...fresh.coupons, ...dropped.coupons],
  };
}

/** The started days' kept figures, summing and keeping first the days not kept yet. */
async function readKeptSessionDays(deps: AppDeps, started: readonly Bucket[]): Promise<SessionFigures> {
  const first = started[0]?.key;
  const last = started.at(-1)?.key;
  if (!first || !last) return { seats: [], marks: [], coupons: [] };
  const { timeZone } = deps.config;
  const kept = await findKeptSessionDays(deps.db, timeZone, first, last);
  const present = new Set(kept.seats.map((s) => s.day));
  const missing = started.filter((d) => !present.has(d.key));
  if (missing.length === 0) return kept;
  await sumOnce(deps.db, `insight sessions ${timeZone} ${first} ${last}`, async () => {
    for (let i = 0; i < missing.length; i += DAYS_PER_TRANSACTION) {
      await keepSessionDays(deps, missing.slice(i, i + DAYS_PER_TRANSACTION));
    }
  });
  return findKeptSessionDays(deps.db, timeZone, first, last);
}
