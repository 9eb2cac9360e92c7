import type { FeedbackMinutes } from "./schemas/feedback-time.js";

/**
 * The landing page's claims, worded from the product's own data (docs/decisions/0330-claims-from-data.md);
 * null where the data does not back a claim, and the claim is not shown.
 */

/** Fewer questions than this make no claim. */
export const PRACTICE_CLAIM_MIN = 10;

const grouped = (n: number) => n.toLocaleString("en-IN");

/** The bank's size rounded down to two significant figures: 1,234 → "1,200+ practice questions". */
export function practiceQuestionsClaim(questions: number): string | null {
  if (questions < PRACTICE_CLAIM_MIN) return null;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(questions)) - 1);
  return `${grouped(Math.floor(questions / step) * step)}+ practice questions`;
}

function waitText(minutes: number): string {
  if (minutes <= 90) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The median wait for a scorecard, in words: "Feedback within 8 minutes (median)". */
export function feedbackClaim(figure: FeedbackMinutes): string | null {
  if (!figure) return null;
  return `Feedback within ${waitText(Math.max(1, figure.median))} (median)`;
}
