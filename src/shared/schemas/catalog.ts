import { z } from "zod";
import { COMPANY_TYPES } from "../constants.js";
import { feedbackMinutesSchema } from "./feedback-time.js";

/** The part of a topic's or track's key after its prefix: lower-case words joined by "_". */
const keySlug = z
  .string()
  .max(40)
  .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
/** Workshop topics and internship tracks are the admin's (docs/decisions/0400-topics-and-tracks-as-data.md). */
export const workshopTopicSchema = z.templateLiteral(["ws_", keySlug]);
export const internshipTrackSchema = z.templateLiteral(["int_", keySlug]);
export const catalogKeySchema = z.union([z.enum(COMPANY_TYPES), workshopTopicSchema, internshipTrackSchema]);

export const catalogItemSchema = z.object({
  key: catalogKeySchema,
  label: z.string(),
  available: z.boolean(),
  pricePaise: z.number().int(),
  /** The admin's one line on why it is not available; null while available or when none was written. */
  unavailableReason: z.string().nullable(),
});
export type CatalogItemDto = z.infer<typeof catalogItemSchema>;

export const catalogResponseSchema = z.object({
  items: z.array(catalogItemSchema),
  /** The practice bank's size: the landing's claim is computed from it (docs/decisions/0330-claims-from-data.md). */
  practiceQuestions: z.number().int().nonnegative(),
  feedbackMinutes: feedbackMinutesSchema,
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;
