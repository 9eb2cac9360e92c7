import { formatDayLabel, formatInstant, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { notifyUser } from "../notifications/service.js";
import { onInternshipConfirmed } from "../programme/enrolment.js";
import { scheduleReminders } from "../reminders/service.js";
import { findBookingSession } from "../sessions/index.js";
import { dashboardTabLink } from "../sessions/links.js";

/**
 * What the dashboard needs once a payment confirms a booking: the 24-hour and 1-hour reminders
 * and a "booking confirmed" notification. The payment confirm path calls it once, when it confirms;
 * reminders are de-duplicated in any case.
 */
export async function onBookingConfirmed(deps: AppDeps, bookingId: string): Promise<void> {
  const { timeZone, timeZoneLabel } = deps.config;
  const session = await findBookingSession(deps.db, timeZone, bookingId);
  if (session?.status !== "confirmed") return;
  await scheduleReminders(deps.db, session);
  // An internship student meets their mentor straight after paying (docs/product.md, Internship programme).
  if (session.kind === "internship") await onInternshipConfirmed(deps, bookingId);
  const when =
    session.kind === "internship"
      ? `Starts ${formatDayLabel(zonedDate(new Date(session.startAt), timeZone))}`
      : formatInstant(session.startAt, timeZone, timeZoneLabel);
  const change = session.kind === "mock" ? "Reschedule or cancel" : "Cancel";
  await notifyUser(deps, {
    userId: session.userId,
    type: "booking_confirmed",
    title: `${session.title} confirmed`,
    body: `${when}. ${change} up to 12 hours before the start.`,
    link: dashboardTabLink(session.kind),
  });
}
