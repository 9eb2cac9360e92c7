import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import type { RescheduleOption } from "../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { SessionUser } from "../../plugins/auth.js";
import { lockBookingById } from "../bookings/index.js";
import { addNotification, announceNotification } from "../notifications/service.js";
import { scheduleReminders } from "../reminders/service.js";
import { countSeatsTaken } from "../seats/index.js";
import { type BookingSession, findBookingSession } from "../sessions/index.js";
import { changeDeadline } from "../sessions/service.js";
import { announceLineChanges, offerFreedSeats } from "../waitlist/offers.js";
import { sendRescheduledEmail } from "./reschedule-emails.js";
import { findOpenSlotsForPackage, lockSlots, moveBookingToSlot } from "./reschedule-repository.js";

const OPTIONS_LIMIT = 200;

/** A student's own confirmed mock interview, still outside the 12-hour window. */
async function findChangeableMock(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  now: Date,
): Promise<BookingSession> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session || session.userId !== user.id) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  if (session.kind !== "mock" || session.status !== "confirmed") {
    throw new AppError("CONFLICT", DASHBOARD_MESSAGES.rescheduleNotAllowed);
  }
  if (now >= changeDeadline(session.startAt))
    throw new AppError("RESCHEDULE_WINDOW", DASHBOARD_MESSAGES.rescheduleWindow);
  return session;
}

export async function listRescheduleOptions(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
): Promise<RescheduleOption[]> {
  const now = new Date();
  const session = await findChangeableMock(deps, user, bookingId, now);
  const slots = (await findOpenSlotsForPackage(deps.db, session.packageKey, now.toISOString(), OPTIONS_LIMIT)).filter(
    (slot) => slot.id !== session.targetId,
  );
  const taken = await countSeatsTaken(
    deps.db,
    slots.map((s) => s.id),
    now.toISOString(),
  );
  return slots.flatMap((slot) => {
    const seatsLeft = slot.capacity - (taken.get(slot.id) ?? 0);
    return seatsLeft > 0
      ? [
          {
            slotId: slot.id,
            startAt: slot.start_at,
            endAt: slot.end_at,
            interviewerName: slot.interviewer_name,
            seatsLeft,
          },
        ]
      : [];
  });
}

/**
 * Moves a confirmed mock interview to another published slot of the same package in one
 * transaction: the old seat is freed and the new one taken without overselling, the calendar
 * invite's sequence goes up, and reminders follow the new start. No second payment.
 */
export async function rescheduleBooking(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  slotId: string,
): Promise<BookingSession> {
  const now = new Date();
  const before = await findChangeableMock(deps, user, bookingId, now);
  if (slotId === before.targetId) throw new AppError("CONFLICT", DASHBOARD_MESSAGES.rescheduleSameSlot);

  const moved = await deps.db.transaction().execute(async (trx) => {
    // Slots first (in id order), then the booking: the same order as every other seat change.
    const slots = await lockSlots(trx, deps.dialect, [before.targetId, slotId]);
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    if (booking?.user_id !== user.id || booking.status !== "confirmed" || booking.target_id !== before.targetId) {
      throw new AppError("CONFLICT", DASHBOARD_MESSAGES.rescheduleNotAllowed);
    }
    const target = slots.find((s) => s.id === slotId);
    const open =
      target &&
      target.status === "published" &&
      target.cancelled_at === null &&
      Date.parse(target.start_at) > now.getTime() &&
      (decodeSlotPackageTypes(target.package_types) as string[]).includes(booking.package_key);
    if (!target || !open) throw new AppError("CONFLICT", DASHBOARD_MESSAGES.rescheduleSlotGone);
    const taken = (await countSeatsTaken(trx, [slotId], now.toISOString())).get(slotId) ?? 0;
    if (taken >= target.capacity) throw new AppError("CONFLICT", DASHBOARD_MESSAGES.rescheduleSlotGone);

    await moveBookingToSlot(trx, { id: booking.id, icsSequence: booking.ics_sequence }, slotId, now.toISOString());
    await scheduleReminders(trx, { bookingId, kind: "mock", startAt: target.start_at }, now);
    const when = formatInstant(target.start_at, deps.config.timeZone, deps.config.timeZoneLabel);
    await addNotification(trx, {
      userId: user.id,
      type: "booking_rescheduled",
      title: "Interview rescheduled",
      body: `${before.title} moved to ${when}.`,
      link: "/dashboard?tab=interviews",
    });
    const after = await findBookingSession(trx, deps.config.timeZone, bookingId);
    if (!after) throw new Error("rescheduled booking vanished inside its own transaction");
    // The old seat is free: the first in its line gets it (docs/product.md, Waitlist).
    return { after, line: await offerFreedSeats(deps, trx, "mock", before.targetId, now) };
  });
  await announceLineChanges(deps, [moved.line]);

  await Promise.all([
    announceNotification(deps.bus, user.id),
    deps.bus.publish({ topic: "slots", slotId: before.targetId }),
    deps.bus.publish({ topic: "slots", slotId }),
  ]);
  await sendRescheduledEmail(deps, moved.after, before);
  return moved.after;
}
