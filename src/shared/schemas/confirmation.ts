import { z } from "zod";
import { holdSchema } from "./booking.js";
import { priceQuoteSchema } from "./coupons.js";
import { dashboardSessionSchema } from "./dashboard.js";

/** What the confirmation page shows after paying: the session, what was paid, and the calendar file. */
export const bookingConfirmationSchema = z.object({
  session: dashboardSessionSchema,
  price: priceQuoteSchema,
  icsUrl: z.string(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/** The student's live holds, with the time left as the server counts it (a device clock may be off). */
export const myHoldsSchema = z.object({
  holds: z.array(
    holdSchema.extend({
      msLeft: z.number().int(),
      /** The seat kept after this student's payment failed: the booking page offers "Retry payment" (decision 0130). */
      afterFailedPayment: z.boolean(),
    }),
  ),
});
export type MyHolds = z.infer<typeof myHoldsSchema>;
