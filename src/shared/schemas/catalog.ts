import { z } from "zod";
import { CATALOG_KEYS } from "../constants.js";
import { feedbackMinutesSchema } from "./feedback-time.js";

export const catalogKeySchema = z.enum(CATALOG_KEYS);

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
