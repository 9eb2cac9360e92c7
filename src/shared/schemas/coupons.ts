import { z } from "zod";
import { COUPON_MESSAGES } from "../messages.js";
import { catalogKeySchema } from "./catalog.js";
import { nextCursorSchema } from "./pagination.js";

/** Codes are matched case-insensitively and stored upper-case. */
export const couponCodeSchema = z
  .string({ message: COUPON_MESSAGES.codeFormat })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, { message: COUPON_MESSAGES.codeFormat })
  .transform((code) => code.toUpperCase());

const instantSchema = z.iso.datetime({ offset: true, message: COUPON_MESSAGES.dateInvalid });

export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    percentOff: z
      .number({ message: COUPON_MESSAGES.percentRange })
      .int({ message: COUPON_MESSAGES.percentRange })
      .min(1, { message: COUPON_MESSAGES.percentRange })
      .max(100, { message: COUPON_MESSAGES.percentRange })
      .optional(),
    amountOffPaise: z
      .number({ message: COUPON_MESSAGES.amountPositive })
      .int({ message: COUPON_MESSAGES.amountPositive })
      .positive({ message: COUPON_MESSAGES.amountPositive })
      .max(100_000_000, { message: COUPON_MESSAGES.amountPositive })
      .optional(),
    maxRedemptions: z
      .number({ message: COUPON_MESSAGES.maxRedemptionsPositive })
      .int({ message: COUPON_MESSAGES.maxRedemptionsPositive })
      .positive({ message: COUPON_MESSAGES.maxRedemptionsPositive })
      .optional(),
    validFrom: instantSchema.optional(),
    validTo: instantSchema.optional(),
    /** The packages the coupon applies to; none means every package. */
    packages: z.array(catalogKeySchema).optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.percentOff === undefined) === (input.amountOffPaise === undefined)) {
      ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.discountRequired, path: ["percentOff"] });
    }
    if (input.validFrom && input.validTo && Date.parse(input.validTo) <= Date.parse(input.validFrom)) {
      ctx.addIssue({ code: "custom", message: COUPON_MESSAGES.validRange, path: ["validTo"] });
    }
  });
export type CouponInput = z.output<typeof couponInputSchema>;
export type CouponForm = z.input<typeof couponInputSchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffPaise: z.number().int().nullable(),
  maxRedemptions: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  packages: z.array(catalogKeySchema),
  active: z.boolean(),
  /** Paid bookings and checkouts under way that use it (cancelled and refunded ones give theirs back). */
  redemptions: z.number().int(),
  /** Of those, paid. */
  paidRedemptions: z.number().int(),
  /** Discount given on paid bookings, in paise. */
  discountPaise: z.number().int(),
  createdAt: z.string(),
});
export type CouponDto = z.infer<typeof couponSchema>;

/** A page of coupons, newest first. */
export const couponsPageSchema = z.object({ coupons: z.array(couponSchema), nextCursor: nextCursorSchema });
export type CouponsPageDto = z.infer<typeof couponsPageSchema>;

/** What a coupon does to one price: the checkout and its quote answer with this. */
export const priceQuoteSchema = z.object({
  listPricePaise: z.number().int(),
  discountPaise: z.number().int(),
  amountPaise: z.number().int(),
  couponCode: z.string().nullable(),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;
