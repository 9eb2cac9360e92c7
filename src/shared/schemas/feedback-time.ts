import { z } from "zod";

/**
 * How long students wait for their scorecard after a mock interview ends, in whole minutes rounded
 * up, over the last FEEDBACK_WINDOW_DAYS; null with fewer than FEEDBACK_MIN_SESSIONS scorecards
 * (docs/decisions/0330-claims-from-data.md).
 */
export const feedbackMinutesSchema = z
  .object({
    median: z.number().int().nonnegative(),
    p90: z.number().int().nonnegative(),
    /** Scorecards the figure is computed from. */
    sessions: z.number().int().positive(),
  })
  .nullable();
export type FeedbackMinutes = z.infer<typeof feedbackMinutesSchema>;
