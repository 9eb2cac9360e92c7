import { FEEDBACK_MIN_SESSIONS, FEEDBACK_WINDOW_DAYS } from "../../../shared/constants.js";
import type { FeedbackMinutes } from "../../../shared/schemas/feedback-time.js";
import type { Db } from "../../db/database.js";
import { findFeedbackTimesSince } from "./repository.js";

/** The nearest-rank percentile (the smallest value with at least `share` of the values at or below it). */
export function nearestRank(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Minutes from each session's end to its first scorecard; a scorecard written before the end waited 0. */
export function feedbackFigure(times: { endedAt: string; scoredAt: string }[]): FeedbackMinutes {
  if (times.length < FEEDBACK_MIN_SESSIONS) return null;
  const minutes = times
    .map(({ endedAt, scoredAt }) => Math.max(0, Math.ceil((Date.parse(scoredAt) - Date.parse(endedAt)) / 60_000)))
    .sort((a, b) => a - b);
  return { median: nearestRank(minutes, 0.5), p90: nearestRank(minutes, 0.9), sessions: minutes.length };
}

/** The feedback-time figure over the last FEEDBACK_WINDOW_DAYS (docs/decisions/0330-claims-from-data.md). */
export async function measureFeedbackMinutes(db: Db, now = new Date()): Promise<FeedbackMinutes> {
  const since = new Date(now.getTime() - FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString();
  return feedbackFigure(await findFeedbackTimesSince(db, since));
}
