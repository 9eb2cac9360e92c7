import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { BookingConfirmation } from "../../../shared/schemas/confirmation.js";
import type { AppDeps } from "../../app-deps.js";
import type { SessionUser } from "../../plugins/auth.js";
import { quoteOfBooking } from "../coupons/service.js";
import { getDashboardSession } from "../sessions/service.js";

/** The confirmed booking as the confirmation page shows it (docs/product.md, Booking flow). */
export async function getBookingConfirmation(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
): Promise<BookingConfirmation> {
  const session = await getDashboardSession(deps, user, bookingId);
  if (session.status !== "confirmed" && session.status !== "completed")
    throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  const price = await quoteOfBooking(deps.db, bookingId, session.amountPaise);
  return {
    session,
    price,
    icsUrl: `/api/me/bookings/${encodeURIComponent(bookingId)}/calendar.ics`,
  };
}
