import { setImmediate as nextTurn } from "node:timers/promises";
import { FEEDBACK_MIN_SESSIONS, FEEDBACK_WINDOW_DAYS } from "../../../shared/constants.js";
import type { FeedbackMinutes } from "../../../shared/schemas/feedback-time.js";
import type { Db, Dialect } from "../../db/database.js";
import { keptOnChangeBy, lockKeptDays, sumOnce } from "../../db/settled-days.js";
import { findFeedbackTimesBetween, findKeptWaits, insertKeptWaits, type KeptSpan } from "./repository.js";

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

type Deps = { db: Db; dialect: Dialect };

const SPAN_MS: Record<KeptSpan, number> = { day: 86_400_000, hour: 3_600_000 };
const KEY_LENGTH: Record<KeptSpan, number> = { day: 10, hour: 13 };
/** The first instant at or after `iso` that starts a UTC day or hour, and the last at or before it. */
const ceilTo = (span: KeptSpan, iso: string) =>
  new Date(Math.ceil(Date.parse(iso) / SPAN_MS[span]) * SPAN_MS[span]).toISOString();
const floorTo = (span: KeptSpan, iso: string) =>
  new Date(Math.floor(Date.parse(iso) / SPAN_MS[span]) * SPAN_MS[span]).toISOString();
const startOf = (span: KeptSpan, key: string) => `${key}${span === "day" ? "T00" : ""}:00:00.000Z`;
const endOf = (span: KeptSpan, key: string) => new Date(Date.parse(startOf(span, key)) + SPAN_MS[span]).toISOString();

/** The keys of the UTC days or hours from `fromIso` (which starts one) up to `toIso`, excluded. */
function spansBetween(span: KeptSpan, fromIso: string, toIso: string): string[] {
  const keys: string[] = [];
  for (let at = Date.parse(fromIso); at < Date.parse(toIso); at += SPAN_MS[span]) {
    keys.push(new Date(at).toISOString().slice(0, KEY_LENGTH[span]));
  }
  return keys;
}

/** How many scorecards waited each whole minute, per UTC day or hour of their first save. */
function waitsBy(span: KeptSpan, times: { endedAt: string; scoredAt: string }[]): Map<string, Record<number, number>> {
  const spans = new Map<string, Record<number, number>>();
  for (const time of times) {
    const key = time.scoredAt.slice(0, KEY_LENGTH[span]);
    const counts = spans.get(key) ?? {};
    const wait = waitOf(time);
    counts[wait] = (counts[wait] ?? 0) + 1;
    spans.set(key, counts);
  }
  return spans;
}

/** Keys in runs of consecutive days or hours, each run as its first and last key. */
function runsOf(span: KeptSpan, keys: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const key of keys) {
    const run = runs.at(-1);
    if (run && endOf(span, run[1]) === startOf(span, key)) run[1] = key;
    else runs.push([key, key]);
  }
  return runs;
}

/**
 * Spans kept per transaction, the event loop free between them: the first reading after an upgrade
 * keeps 89 days, and at L one read of their scorecards held SQLite's event loop for 126–148 ms, with
 * 205–252 ms before the next turn (docs/benchmarks.md, Scale, twenty-third entry). A week is about a
 * tenth of that; a day's 24 hours are the most a window's end has to keep.
 */
const SPANS_PER_STEP: Record<KeptSpan, number> = { day: 7, hour: 24 };

/** Keeps the settled spans not kept yet, SPANS_PER_STEP at a time. */
async function keepWaits(deps: Deps, span: KeptSpan, keys: string[]): Promise<void> {
  for (let first = 0; first < keys.length; first += SPANS_PER_STEP[span]) {
    if (first > 0) await nextTurn();
    await keepWaitsOf(deps, span, keys.slice(first, first + SPANS_PER_STEP[span]));
  }
}

/**
 * Sums these settled spans where not kept and keeps them, while writes that would drop them wait
 * (PostgreSQL: their lock). Only the missing spans' scorecards are read, a run of consecutive ones at
 * a time: the hours at the window's two ends are 90 days apart, and an hour settles every hour.
 */
async function keepWaitsOf(deps: Deps, span: KeptSpan, keys: string[]): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockKeptDays(trx, deps.dialect);
    const present = new Set((await findKeptWaits(trx, span, keys)).map((kept) => kept.key));
    const missing = keys.filter((key) => !present.has(key));
    if (missing.length === 0) return;
    const waits = new Map<string, Record<number, number>>();
    for (const [first, last] of runsOf(span, missing)) {
      const times = await findFeedbackTimesBetween(trx, startOf(span, first), endOf(span, last));
      for (const [key, counts] of waitsBy(span, times)) waits.set(key, counts);
    }
    const rolledAt = new Date().toISOString();
    await insertKeptWaits(
      trx,
      span,
      missing.map((key) => ({ key, waits: JSON.stringify(waits.get(key) ?? {}), rolled_at: rolledAt })),
    );
  });
}

/** The kept waits of these days or hours, keeping those not kept yet first (once for requests arriving together). */
async function readKept(deps: Deps, span: KeptSpan, keys: string[]): Promise<Map<string, string>> {
  const kept = async () => new Map((await findKeptWaits(deps.db, span, keys)).map((k) => [k.key, k.waits]));
  if (keys.length === 0) return new Map();
  const found = await kept();
  if (keys.every((key) => found.has(key))) return found;
  await sumOnce(deps.db, `feedback ${span} ${keys[0]} ${keys.at(-1)}`, () => keepWaits(deps, span, keys));
  return kept();
}

/**
 * The feedback-time figure over the last FEEDBACK_WINDOW_DAYS (docs/decisions/0330-claims-from-data.md).
 * A UTC hour of scorecards' first saves is kept once it ended an hour ago: a scorecard is dated by its
 * first save, so none lands in an hour that ended; a later change drops the hour by trigger
 * (docs/decisions/0438-kept-days-an-hour-after.md). The window's settled whole days come from their
 * kept waits, the settled hours around them from theirs (summed once, again after a trigger dropped
 * one: docs/decisions/0421-kept-days-dropped-on-change.md, 0443-feedback-waits-kept-by-the-hour.md),
 * and only the part hour at the window's start and the last two hours from the scorecards.
 */
export async function measureFeedbackMinutes(deps: Deps, now = new Date()): Promise<FeedbackMinutes> {
  const since = new Date(now.getTime() - FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString();
  const [from, to] = [ceilTo("hour", since), floorTo("hour", keptOnChangeBy(now.getTime()))];
  const [dayFrom, dayTo] = [ceilTo("day", from), floorTo("day", to)];
  const days = dayFrom < dayTo ? spansBetween("day", dayFrom, dayTo) : [];
  const hours =
    days.length > 0
      ? [...spansBetween("hour", from, dayFrom), ...spansBetween("hour", dayTo, to)]
      : spansBetween("hour", from, to);
  const keeping = from < to;
  // The kept spans and the window's two ends from the scorecards, at once (PostgreSQL: on other connections).
  const [keptDays, keptHours, ...endTimes] = await Promise.all([
    readKept(deps, "day", days),
    readKept(deps, "hour", hours),
    keeping && since < from ? findFeedbackTimesBetween(deps.db, since, from) : [],
    findFeedbackTimesBetween(deps.db, keeping ? to : since),
  ]);
  // How many waited each minute, merged over the spans (see nearestRankOfCounts).
  const counts = new Map<number, number>();
  const add = (minutes: number, n: number) => counts.set(minutes, (counts.get(minutes) ?? 0) + n);
  const spans: [KeptSpan, string[], Map<string, string>][] = [
    ["day", days, keptDays],
    ["hour", hours, keptHours],
  ];
  for (const [span, keys, kept] of spans) {
    for (const key of keys) {
      const keptCounts = kept.get(key);
      // A span a trigger dropped since it was kept is read from the scorecards.
      const fromRows =
        keptCounts === undefined ? await findFeedbackTimesBetween(deps.db, startOf(span, key), endOf(span, key)) : [];
      for (const time of fromRows) add(waitOf(time), 1);
      for (const [minutes, n] of Object.entries(JSON.parse(keptCounts ?? "{}") as Record<string, number>)) {
        add(Number(minutes), n);
      }
    }
  }
  for (const time of endTimes.flat()) add(waitOf(time), 1);
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
