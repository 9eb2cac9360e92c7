import { setImmediate as nextTurn } from "node:timers/promises";
import { addDays, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { keptOnChangeBy, moneySettledBy } from "../../db/settled-days.js";
import { measureFeedbackMinutes } from "../feedback-time/service.js";
import { keepCsvDays } from "../invoices/index.js";
import { dayBuckets } from "./day-buckets.js";
import { readSessionDays } from "./session-days.js";
import { readDayFigures } from "./settled-days.js";

/**
 * The settled days kept ahead of the reader: the longest period Insights answers (366 days after
 * its first date, both included: periodQuerySchema) ending yesterday.
 */
export const DAYS_KEPT_AHEAD = 367;
/** Days summed and kept per step, the event loop free between its parts (SQLite's reads hold it). */
const DAYS_PER_STEP = 7;

/**
 * Sums and keeps every settled day of the last year that is not kept yet (Insights' money, hold
 * funnel, seats, marks, scores and coupon use, and the invoices CSV's lines), a week at a time, then
 * the feedback figure's days and hours, so no admin's or accountant's request pays for days nobody
 * asked for yet: after an upgrade, or after a write dropped a day (docs/decisions/0450-insight-days-kept-ahead.md). A day already kept costs one read
 * of its kept row. Stops between steps once `stopping` says so. Returns the days looked at.
 */
export async function keepDaysAhead(
  deps: AppDeps,
  nowMs = Date.now(),
  stopping: () => boolean = () => false,
): Promise<number> {
  const { timeZone } = deps.config;
  const yesterday = addDays(zonedDate(new Date(nowMs), timeZone), -1);
  const settledBy = [keptOnChangeBy(nowMs), moneySettledBy(nowMs)].sort()[0] ?? "";
  const days = dayBuckets(addDays(yesterday, 1 - DAYS_KEPT_AHEAD), yesterday, timeZone).filter(
    (d) => d.toIso <= settledBy,
  );
  for (let i = 0; i < days.length; i += DAYS_PER_STEP) {
    if (stopping()) return i;
    const step = days.slice(i, i + DAYS_PER_STEP);
    // A turn of the event loop after each part: on SQLite a part's statements hold it (up to about
    // 50 ms for a week at L; the CSV yields after each day it builds, about 30 ms each).
    await readDayFigures(deps, step, nowMs);
    await nextTurn();
    await readSessionDays(deps, step, nowMs);
    await nextTurn();
    await keepCsvDays(deps, { from: step[0]?.key ?? "", to: step.at(-1)?.key ?? "" });
  }
  await measureFeedbackMinutes(deps, new Date(nowMs));
  return days.length;
}
