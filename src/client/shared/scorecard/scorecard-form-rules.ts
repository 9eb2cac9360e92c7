import { SCORECARD_MESSAGES } from "../../../shared/messages.js";
import {
  type AdminScorecardView,
  missingScoreAreas,
  SCORE_AREA_LABELS,
  type ScoreArea,
  type ScorecardInput,
  scorecardInputSchema,
} from "../../../shared/schemas/scorecards.js";

/** What the scorecard form holds, as typed: scores and overall as the chosen option's text. */
export type ScorecardFields = {
  scores: Partial<Record<ScoreArea, string>>;
  overall: string;
  tags: string;
  notes: string;
  recordingUrl: string;
};

/** The form's first values: the saved scorecard, or empty with the room's notes as the draft. */
export function scorecardFieldsOf(view: AdminScorecardView, draftNotes: string): ScorecardFields {
  const existing = view.scorecard;
  return {
    scores: Object.fromEntries(view.areas.map((area) => [area, String(existing?.scores[area] ?? "")])),
    overall: String(existing?.overall ?? ""),
    tags: existing?.tags.join(", ") ?? "",
    notes: existing?.notes ?? draftNotes,
    recordingUrl: existing?.recordingUrl ?? "",
  };
}

/**
 * Checks the form as the server will, by the shared schema, and names every area the package needs
 * that has no score. Errors are keyed by field path (`overall`, `scores.hr`, `tags.0`).
 */
export function checkScorecardFields(
  view: Pick<AdminScorecardView, "areas" | "booking">,
  fields: ScorecardFields,
): { input: ScorecardInput; errors: Record<string, never> } | { input?: undefined; errors: Record<string, string> } {
  const input = {
    scores: Object.fromEntries(view.areas.filter((a) => fields.scores[a]).map((a) => [a, Number(fields.scores[a])])),
    overall: fields.overall ? Number(fields.overall) : Number.NaN,
    tags: fields.tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    notes: fields.notes,
    recordingUrl: fields.recordingUrl,
  };
  const parsed = scorecardInputSchema.safeParse(input);
  const found: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
  const missing = missingScoreAreas(view.booking.packageKey, input.scores);
  for (const area of missing) found[`scores.${area}`] = SCORECARD_MESSAGES.missingAreas(SCORE_AREA_LABELS[area]);
  if (parsed.success && missing.length === 0) return { input: parsed.data, errors: {} };
  return { errors: found };
}

/** The errors left once a field changes: that field's and its parts' go (it is checked again on save). */
export function withoutFieldErrors(errors: Record<string, string>, field: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`)));
}

/** The first error of the tag list as a whole or of any one tag. */
export function tagsError(errors: Record<string, string>): string | undefined {
  return errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith("tags."))?.[1];
}
