import { setImmediate as nextTurn } from "node:timers/promises";
import { FEEDBACK_MIN_SESSIONS, FEEDBACK_WINDOW_DAYS } from "../../../shared/constants.js";
import type { FeedbackMinutes } from "../../../shared/schemas/feedback-time.js";
import { addDays } from "../../../shared/time.js";
import type { Db, Dialect } from "../../db/database.js";
import { keptOnChangeBy, lockKeptDays, sumOnce } from "../../db/settled-days.js";
import { findFeedbackTimesBetween, findKeptWaitDays, insertKeptWaitDays } from "./repository.js";

/** Minutes from a session's end to its first scorecard; a scorecard written before the end waited 0. */
const waitOf = ({ endedAt, scoredAt }: { endedAt: string; scoredAt: string }) =>
  Math.max(0, Math.ceil((Date.parse(scoredAt) - Date.parse(endedAt)) / 60_000));

/**
 * The nearest-rank percentile (the smallest value with at least `share` of the values at or below
 * it) of waits given as how many waited each minute: the value at that rank of the sorted waits,
 * found by walking the minutes in order. A 90-day window at L is some 37,000 waits but a few hundred
 * distinct minutes, so no list of every wait is made or sorted.
 */
export function nearestRankOfCounts(counts: ReadonlyMap<number, number>, share: number): number {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const rank = Math.max(1, Math.ceil(share * total));
  let seen = 0;
  for (const minutes of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(minutes) ?? 0;
    if (seen >= rank) return minutes;
  }
  return 0;
}

function figureOfCounts(counts: ReadonlyMap<number, number>): FeedbackMinutes {
  const sessions = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (sessions < FEEDBACK_MIN_SESSIONS) return null;
  return { median: nearestRankOfCounts(counts, 0.5), p90: nearestRankOfCounts(counts, 0.9), sessions };
}

/** The median and 90th percentile of the waits, in whole minutes rounded up; null below the minimum count. */
export function feedbackFigure(times: { endedAt: string; scoredAt: string }[]): FeedbackMinutes {
  const counts = new Map<number, number>();
  for (const time of times) {
    const wait = waitOf(time);
    counts.set(wait, (counts.get(wait) ?? 0) + 1);
  }
  return figureOfCounts(counts);
}

/** How many scorecards waited each whole minute, per UTC day of their first save. */
function waitsByDay(times: { endedAt: string; scoredAt: string }[]): Map<string, Record<number, number>> {
  const days = new Map<string, Record<number, number>>();
  for (const time of times) {
    const day = days.get(time.scoredAt.slice(0, 10)) ?? {};
    const wait = waitOf(time);
    day[wait] = (day[wait] ?? 0) + 1;
    days.set(time.scoredAt.slice(0, 10), day);
  }
  return days;
}

type Deps = { db: Db; dialect: Dialect };
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/** Sums the settled days not kept and keeps them, while writes that would drop them wait (PostgreSQL: their lock). */
async function keepWaitDays(deps: Deps, days: string[]): Promise<void> {
  const [first = "", last = ""] = [days[0], days.at(-1)];
  await deps.db.transaction().execute(async (trx) => {
    await lockKeptDays(trx, deps.dialect);
    const present = new Set((await findKeptWaitDays(trx, first, last)).map((d) => d.day));
    const missing = days.filter((d) => !present.has(d));
    if (missing.length === 0) return;
    const waits = waitsByDay(await findFeedbackTimesBetween(trx, startOf(first), startOf(addDays(last, 1))));
    const rolledAt = new Date().toISOString();
    await insertKeptWaitDays(
      trx,
      missing.map((day) => ({ day, waits: JSON.stringify(waits.get(day) ?? {}), rolled_at: rolledAt })),
    );
  });
}

/**
 * The feedback-time figure over the last FEEDBACK_WINDOW_DAYS (docs/decisions/0330-claims-from-data.md):
 * the whole settled UTC days of the window from their kept waits (summed once, again after a trigger
 * dropped one, docs/decisions/0421-kept-days-dropped-on-change.md), its two ends from the scorecards.
 */
export async function measureFeedbackMinutes(deps: Deps, now = new Date()): Promise<FeedbackMinutes> {
  const since = new Date(now.getTime() - FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString();
  const first = since === startOf(since.slice(0, 10)) ? since.slice(0, 10) : addDays(since.slice(0, 10), 1);
  // A UTC day is kept once it ended an hour ago: a scorecard is dated by its first save, so none
  // lands in a day that ended; a later change drops the day by trigger (docs/decisions/0438-kept-days-an-hour-after.md).
  const end = keptOnChangeBy(now.getTime()).slice(0, 10);
  const days: string[] = [];
  for (let day = first; day < end; day = addDays(day, 1)) days.push(day);
  const keptDays = async () => new Map((await findKeptWaitDays(deps.db, first, end)).map((d) => [d.day, d.waits]));
  const readKept = async () => {
    if (days.length === 0) return new Map<string, string>();
    const kept = await keptDays();
    if (days.every((d) => kept.has(d))) return kept;
    await sumOnce(deps.db, `feedback ${first} ${end}`, () => keepWaitDays(deps, days));
    return keptDays();
  };
  // The window's two ends, read from the scorecards beside the kept days (PostgreSQL: on other connections).
  const [kept, ...endTimes] = await Promise.all([
    readKept(),
    days.length > 0 ? findFeedbackTimesBetween(deps.db, since, startOf(first)) : [],
    findFeedbackTimesBetween(deps.db, days.length > 0 ? startOf(end) : since),
  ]);
  // How many waited each minute, merged over the days (see nearestRankOfCounts).
  const counts = new Map<number, number>();
  const add = (minutes: number, n: number) => counts.set(minutes, (counts.get(minutes) ?? 0) + n);
  for (const day of days) {
    const keptCounts = kept.get(day);
    const fromRows =
      keptCounts === undefined ? await findFeedbackTimesBetween(deps.db, startOf(day), startOf(addDays(day, 1))) : [];
    for (const time of fromRows) add(waitOf(time), 1);
    for (const [minutes, n] of Object.entries(JSON.parse(keptCounts ?? "{}") as Record<string, number>)) {
      add(Number(minutes), n);
    }
  }
  const ends = endTimes.flat();
  for (const time of ends) add(waitOf(time), 1);
  return figureOfCounts(counts);
}

/**
 * The figure as requests read it: those arriving while it is being read (or about to be: the
 * reading waits one turn of the event loop for requests already received) share that reading, as
 * Insights' readings do (docs/admin.md, Insights). The public catalog asks for it on every visit.
 */
export function readFeedbackMinutes(deps: Deps): Promise<FeedbackMinutes> {
  return sumOnce(deps.db, "feedback figure", async () => {
    await nextTurn();
    return measureFeedbackMinutes(deps);
  });
}

/**
 * A reading reused for `maxAgeMs`, as the public catalog answers the figure (decision 0330: every
 * visit of the landing page asks for the catalog, and a reading at L probes a few hundred scorecards'
 * sessions, docs/benchmarks.md, Scale). Kept by whoever holds it (the catalog's routes: per app, so
 * per process); a failed reading is not kept. Insights reads the figure fresh.
 */
export function keptFor<T>(read: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now) {
  let kept: { at: number; value: Promise<T> } | undefined;
  return (): Promise<T> => {
    const at = now();
    if (kept && at - kept.at < maxAgeMs) return kept.value;
    const reading = { at, value: read() };
    kept = reading;
    reading.value.catch(() => {
      if (kept === reading) kept = undefined;
    });
    return reading.value;
  };
}
