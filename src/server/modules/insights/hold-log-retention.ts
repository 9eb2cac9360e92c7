import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Bucket } from "./repository.js";
import { deleteHoldsBefore, findOldestHoldBefore } from "./rollups-repository.js";
import { readDayFigures } from "./settled-days.js";

/**
 * The hold log (one row per hold) is read only by Insights' funnel, and a settled day's funnel is
 * kept once summed (docs/decisions/0380-daily-rollups.md). Past this many days its rows go, once
 * their days' funnel is kept: 252 bytes per booking at L (docs/benchmarks.md, Scale).
 */
export const HOLD_LOG_DAYS = 35;
/** Days kept and pruned per step: at L a week is about 10,000 holds, summed in a fraction of a second. */
const DAYS_PER_STEP = 7;
/** Rows deleted per statement, so no write holds SQLite's lock for long. */
const DELETE_ROWS = 5_000;
const SWEEP_MS = 60 * 60 * 1000;

function dayBuckets(first: string, last: string, timeZone: string): Bucket[] {
  const days: Bucket[] = [];
  for (let key = first; key <= last; key = addDays(key, 1)) {
    const fromIso = zonedToInstant(key, "00:00", timeZone).toISOString();
    days.push({ key, fromIso, toIso: zonedToInstant(addDays(key, 1), "00:00", timeZone).toISOString() });
  }
  return days;
}

/**
 * Keeps the funnel of every day older than HOLD_LOG_DAYS that still has holds, then deletes those
 * holds, a week at a time, oldest first, letting requests run between steps. Returns the rows deleted.
 */
export async function pruneHoldLog(deps: AppDeps, nowMs = Date.now()): Promise<number> {
  const { timeZone } = deps.config;
  const firstKept = addDays(zonedDate(new Date(nowMs), timeZone), -HOLD_LOG_DAYS);
  const keptFromIso = zonedToInstant(firstKept, "00:00", timeZone).toISOString();
  const oldest = await findOldestHoldBefore(deps.db, keptFromIso);
  if (!oldest) return 0;
  let deleted = 0;
  for (let first = zonedDate(new Date(oldest), timeZone); first < firstKept; first = addDays(first, DAYS_PER_STEP)) {
    const [last = first] = [addDays(first, DAYS_PER_STEP - 1), addDays(firstKept, -1)].sort();
    const days = dayBuckets(first, last, timeZone);
    await readDayFigures(deps, days, nowMs);
    const beforeIso = days.at(-1)?.toIso ?? keptFromIso;
    for (;;) {
      const rows = await deleteHoldsBefore(deps.db, beforeIso, DELETE_ROWS);
      deleted += rows;
      await nextTurn();
      if (rows < DELETE_ROWS) break;
    }
  }
  return deleted;
}

/** Hourly, on whichever instance runs first (a second one finds nothing left to do). */
export function startHoldLogRetention(app: FastifyInstance): void {
  const sweep = () =>
    pruneHoldLog(app.deps).catch((err: unknown) => app.log.error({ err }, "hold log retention failed"));
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.deps.stoppers.push(() => clearInterval(timer));
}
