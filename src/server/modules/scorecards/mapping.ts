import { type Scorecard, type Scores, scoreAreasFor, scoresSchema } from "../../../shared/schemas/scorecards.js";
import type { ScorecardsTable } from "../../db/schema.js";
import { checkInPlace } from "../../plugins/answer-serializer.js";

/** Whether stored scores are what their schema would return unchanged (the answers' own in-place check). */
const scoresAsStored = checkInPlace(scoresSchema);

/**
 * scorecards.scores as stored: taken as it is when the schema would return it unchanged (what saving a
 * scorecard checks), otherwise read through the schema. A dashboard reads fifty of them, and the schema's
 * copy of each was 6 % of what it allocated (docs/benchmarks.md, Scale, sixteenth entry).
 */
function decodeScores(text: string): Scores {
  const value: unknown = JSON.parse(text);
  return scoresAsStored?.(value) ? (value as Scores) : scoresSchema.parse(value);
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
