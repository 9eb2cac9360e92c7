import type { Db } from "../../db/database.js";
import type { BookingStatus } from "../../db/schema.js";

export interface AdminBookingFilter {
  kind?: "mock" | "workshop" | "internship" | undefined;
  status?: string | undefined;
  /** Platform-zone dates of the session, both included, already turned into instants where timed. */
  from?: { date: string; instant: string } | undefined;
  to?: { date: string; instant: string } | undefined;
}

/** The newest 500 bookings matching the filter, with student, session, payment, scorecard and certificate. */
export function findAdminBookings(db: Db, filter: AdminBookingFilter) {
  const { kind, status, from, to } = filter;
  let query = db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("slots", "slots.id", "bookings.target_id")
    .leftJoin("workshops", "workshops.id", "bookings.target_id")
    .leftJoin("internships", "internships.id", "bookings.target_id")
    .leftJoin("payments", "payments.booking_id", "bookings.id")
    .leftJoin("scorecards", "scorecards.booking_id", "bookings.id")
    .leftJoin("certificates", "certificates.booking_id", "bookings.id")
    .select([
      "bookings.id",
      "bookings.kind",
      "bookings.status",
      "bookings.package_key",
      "bookings.amount_paise",
      "bookings.flag",
      "bookings.attendance",
      "bookings.created_at",
      "user.email",
      "user.name",
      "profiles.first_name as profile_first_name",
      "profiles.last_name as profile_last_name",
      "slots.interviewer_name",
      "workshops.title as workshop_title",
      "internships.title as internship_title",
      "slots.start_at as slot_start",
      "workshops.start_at as workshop_start",
      "internships.start_date as internship_start",
      "slots.end_at as slot_end",
      "workshops.end_at as workshop_end",
      "internships.weeks as internship_weeks",
      "certificates.code as certificate_code",
      "certificates.revoked_at as certificate_revoked_at",
      "payments.provider",
      "payments.order_id",
      "payments.payment_id",
      "payments.status as payment_status",
      "payments.refund_id",
      "scorecards.id as scorecard_id",
    ])
    .orderBy("bookings.created_at", "desc")
    .limit(500);
  if (kind) query = query.where("bookings.kind", "=", kind);
  if (status) query = query.where("bookings.status", "=", status as BookingStatus);
  // A booking's target is in exactly one of the three tables, so each bound is an OR of the three.
  if (from) {
    const { instant } = from;
    query = query.where((eb) =>
      eb.or([
        eb("slots.start_at", ">=", instant),
        eb("workshops.start_at", ">=", instant),
        eb("internships.start_date", ">=", from.date),
      ]),
    );
  }
  if (to) {
    const { instant } = to;
    query = query.where((eb) =>
      eb.or([
        eb("slots.start_at", "<=", instant),
        eb("workshops.start_at", "<=", instant),
        eb("internships.start_date", "<=", to.date),
      ]),
    );
  }
  return query.execute();
}
