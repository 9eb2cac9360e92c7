import {
  SCORE_AREAS,
  SCORE_MAX,
  SCORE_MIN,
  type Scorecard,
  type Scores,
  scoreAreasFor,
  scoresSchema,
} from "../../../shared/schemas/scorecards.js";
import type { ScorecardsTable } from "../../db/schema.js";

const AREAS: ReadonlySet<string> = new Set(SCORE_AREAS);

/**
 * scorecards.scores as stored: taken as it is when every key is an area and every score a whole number
 * within the scale (what saving a scorecard checks), otherwise read through its schema as before. A
 * dashboard reads fifty of them, and the schema's copy of each was 6 % of what it allocated
 * (docs/benchmarks.md, Scale, sixteenth entry).
 */
function decodeScores(text: string): Scores {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return scoresSchema.parse(value);
  const scores = value as Record<string, unknown>;
  for (const area in scores) {
    const score = scores[area];
    if (
      !AREAS.has(area) ||
      typeof score !== "number" ||
      !Number.isInteger(score) ||
      score < SCORE_MIN ||
      score > SCORE_MAX
    ) {
      return scoresSchema.parse(value);
    }
  }
  return value as Scores;
}

/** Database row → API shape (JSON columns parsed, no database names leaking out). */
export function toScorecard(row: ScorecardsTable, packageKey: string): Scorecard {
  return {
    bookingId: row.booking_id,
    packageKey,
    areas: scoreAreasFor(packageKey),
    scores: decodeScores(row.scores),
    overall: row.overall,
    tags: JSON.parse(row.tags) as string[],
    notes: row.notes,
    recordingUrl: row.recording_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
