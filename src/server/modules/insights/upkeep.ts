import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.js";
import { keepDaysAhead } from "./days-kept-ahead.js";
import { pruneHoldLog } from "./hold-log-retention.js";

/** The first upkeep runs this long after the start, once the process has settled; then hourly. */
const FIRST_UPKEEP_MS = 60_000;
const UPKEEP_MS = 60 * 60 * 1000;

export interface UpkeepResult {
  daysLookedAt: number;
  holdsDeleted: number;
}

/**
 * Insights' hourly upkeep: the last year's settled days kept ahead of the reader, then the hold
 * log's old rows deleted once their days are kept. Any instance may run it: a second one finds the
 * days kept and nothing left to delete.
 */
export async function upkeepInsights(
  deps: AppDeps,
  nowMs = Date.now(),
  stopping: () => boolean = () => false,
): Promise<UpkeepResult> {
  const daysLookedAt = await keepDaysAhead(deps, nowMs, stopping);
  const holdsDeleted = stopping() ? 0 : await pruneHoldLog(deps, nowMs);
  return { daysLookedAt, holdsDeleted };
}

/**
 * Starts the upkeep a minute after the start, then every hour (one run at a time); a failed run is
 * logged and tried again the next hour. Stopping waits for a run under way, which ends at its next step.
 */
export function startInsightsUpkeep(app: FastifyInstance): void {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = upkeepInsights(app.deps, Date.now(), () => stopped)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, "insights upkeep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, FIRST_UPKEEP_MS);
  const timer = setInterval(run, UPKEEP_MS);
  first.unref();
  timer.unref();
  app.deps.stoppers.push(async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
