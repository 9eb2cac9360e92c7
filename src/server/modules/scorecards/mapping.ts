import { type Scorecard, scoreAreasFor, scoresSchema } from "../../../shared/schemas/scorecards.js";
import type { ScorecardsTable } from "../../db/schema.js";

/** Database row → API shape (JSON columns parsed, no database names leaking out). */
export function toScorecard(row: ScorecardsTable, packageKey: string): Scorecard {
  return {
    bookingId: row.booking_id,
    packageKey,
    areas: scoreAreasFor(packageKey),
    scores: scoresSchema.parse(JSON.parse(row.scores)),
    overall: row.overall,
    tags: JSON.parse(row.tags) as string[],
    notes: row.notes,
    recordingUrl: row.recording_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
