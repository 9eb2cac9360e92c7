import { z } from "zod";
import { catalogKeySchema } from "./catalog.js";
import { feedbackMinutesSchema } from "./feedback-time.js";

const catalogKey = catalogKeySchema;
const paise = z.number().int();
const count = z.number().int().nonnegative();

/** Money in and out on one calendar day of the platform zone. */
export const revenueDaySchema = z.object({ date: z.string(), grossPaise: paise, refundsPaise: paise, netPaise: paise });

export const revenuePackageSchema = z.object({
  packageKey: catalogKey,
  grossPaise: paise,
  refundsPaise: paise,
  netPaise: paise,
  /** Payments confirmed in the period. */
  paid: count,
});

/** Seats sold against seats offered by sessions starting in one week (Monday, platform zone). */
export const occupancyWeekSchema = z.object({ weekStart: z.string(), capacity: count, sold: count });

export const packageNoShowSchema = z.object({ packageKey: catalogKey, attended: count, noShows: count });

export const packageScoreSchema = z.object({ packageKey: catalogKey, average: z.number(), scorecards: count });

export const couponUseSchema = z.object({
  code: z.string(),
  /** Paid bookings in the period that used it and were not cancelled. */
  redemptions: count,
  discountPaise: paise,
  /** What those bookings paid after the discount. */
  revenuePaise: paise,
});

/** GET /api/admin/insights: the business in a period (docs/admin.md, Insights). */
export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.object({
    grossPaise: paise,
    refundsPaise: paise,
    netPaise: paise,
    byDay: z.array(revenueDaySchema),
    byPackage: z.array(revenuePackageSchema),
  }),
  occupancy: z.array(occupancyWeekSchema),
  funnel: z.object({ holds: count, checkouts: count, paid: count }),
  noShows: z.object({ attended: count, noShows: count, byPackage: z.array(packageNoShowSchema) }),
  scorecards: z.array(packageScoreSchema),
  coupons: z.array(couponUseSchema),
  /** Time to feedback over the last 90 days whatever the period, the same figure the landing page uses. */
  feedbackMinutes: feedbackMinutesSchema,
});
export type InsightsDto = z.infer<typeof insightsSchema>;
