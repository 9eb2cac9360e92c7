import type { z } from "zod";
import { FORM_MESSAGES } from "../messages.js";

/** First message of a failed parse: what a form shows, and what the server answers (400). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? FORM_MESSAGES.checkTheForm;
}

/** Every failing field's first message, keyed by the field (the issue's first path segment): forms show them all at once. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) byField[String(issue.path[0] ?? "")] ??= issue.message;
  return byField;
}
