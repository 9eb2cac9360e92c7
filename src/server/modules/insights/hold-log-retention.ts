import { setImmediate as nextTurn } from "node:timers/promises";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { dayBuckets } from "./day-buckets.js";
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
/**
 * Rows deleted per statement, the event loop free before each: on SQLite at L a statement of 5,000
 * held it for 171–192 ms (the longest wait of a first upkeep, 361 ms), one of 1,000 for 46–59 ms, at
 * about 45 µs a row against 35 (docs/benchmarks.md, Scale, twenty-first entry), and 44–75 ms on a
 * later machine (twenty-third entry): 500 keeps a statement within half the requests' p99 target.
 */
const DELETE_ROWS = 500;

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
    // A turn before each statement: the week's figures above may have been summed in this one.
    for (;;) {
      await nextTurn();
      const rows = await deleteHoldsBefore(deps.db, beforeIso, DELETE_ROWS);
      deleted += rows;
      if (rows < DELETE_ROWS) break;
    }
  }
  return deleted;
}
