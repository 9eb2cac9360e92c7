import { z } from "zod";
import { CATALOG_KEYS } from "../constants.js";

export const catalogKeySchema = z.enum(CATALOG_KEYS);

export const catalogItemSchema = z.object({
  key: catalogKeySchema,
  label: z.string(),
  available: z.boolean(),
  pricePaise: z.number().int(),
});
export type CatalogItemDto = z.infer<typeof catalogItemSchema>;

export const catalogResponseSchema = z.object({ items: z.array(catalogItemSchema) });
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;
