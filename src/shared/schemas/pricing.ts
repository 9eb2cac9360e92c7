import { z } from "zod";
import { UNAVAILABLE_REASON_MAX } from "../constants.js";
import { ADMIN_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine } from "../plain-text.js";
import { catalogKeySchema } from "./catalog.js";

/** A package's availability and its price in whole rupees (the server stores paise). */
export const pricingInputSchema = z.object({
  available: z.boolean(),
  priceRupees: z
    .number({ message: ADMIN_MESSAGES.priceWhole })
    .int({ message: ADMIN_MESSAGES.priceWhole })
    .positive({ message: ADMIN_MESSAGES.pricePositive })
    .max(1_000_000, { message: ADMIN_MESSAGES.priceTooHigh }),
  /**
   * Why it is not available, in one line ("Opens 1 Dec, when the next interviewer batch joins"): spaces
   * and line breaks collapse to one space; empty means the standard sentence; left out keeps the current
   * one. Making the package available clears it.
   */
  unavailableReason: z
    .string()
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .max(UNAVAILABLE_REASON_MAX, { message: ADMIN_MESSAGES.unavailableReasonTooLong })
        .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
    )
    .optional(),
});
export type PricingInput = z.infer<typeof pricingInputSchema>;

export const catalogKeyParamsSchema = z.object({ key: catalogKeySchema });

/** What the price box holds: empty or non-numeric text is not a price. */
export const rupeesFromText = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));
