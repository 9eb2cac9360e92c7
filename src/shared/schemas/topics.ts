import { z } from "zod";
import { ADMIN_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine } from "../plain-text.js";
import { pricingInputSchema } from "./pricing.js";

/** What a topic or track is for: a workshop topic ("ws_…") or an internship track ("int_…"). */
export const TOPIC_KINDS = ["workshop", "internship"] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export const TOPIC_KEY_PREFIX: Record<TopicKind, "ws_" | "int_"> = { workshop: "ws_", internship: "int_" };

export const topicLabelSchema = z
  .string()
  .transform((text) => text.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(2, { message: ADMIN_MESSAGES.topicLabelRequired })
      .max(60, { message: ADMIN_MESSAGES.topicLabelRequired })
      .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
  );

/** `POST /api/admin/topics`: a new workshop topic or internship track with its price. */
export const topicInputSchema = z.object({
  kind: z.enum(TOPIC_KINDS),
  label: topicLabelSchema,
  priceRupees: pricingInputSchema.shape.priceRupees,
  available: z.boolean(),
});
export type TopicInput = z.infer<typeof topicInputSchema>;

/** `PUT /api/admin/topics/:key`: a new name (prices and availability stay with the pricing route). */
export const topicRenameSchema = z.object({ label: topicLabelSchema });
