import type { z } from "zod";
import { FORM_MESSAGES } from "../messages.js";

/** First message of a failed parse: what a form shows, and what the server answers (400). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? FORM_MESSAGES.checkTheForm;
}
