import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { BookingKind, BookingStatus, Database } from "../../db/schema.js";

export interface AdminBookingFilter {
  kind?: BookingKind | undefined;
  status?: string | undefined;
  /** Platform-zone dates of the session, both included, already turned into instants where timed. */
  from?: { date: string; instant: string } | undefined;
  to?: { date: string; instant: string } | undefined;
}

/** Open bookings (paid and not yet marked, or a checkout under way) come first in the console. */
export const OPEN_STATUSES = ["confirmed", "pending_payment"] as const;

/** The two parts of the list: open soonest first, then settled latest first. */
export type Segment = "open" | "settled";

/** Where the previous page ended: its last row's session start and id. */
export interface SegmentPosition {
  sessionStart: string;
  id: string;
}

/**
 * One page of a segment, with student, session, payment, scorecard and certificate, read in the
 * order of an index on the session start (migration 0322), so a page costs its own rows.
 */
export function findAdminBookingsPage(
  db: Db,
  page: { filter: AdminBookingFilter; segment: Segment; after: SegmentPosition | undefined; limit: number },
) {
  const { filter, segment, after, limit } = page;
  const ascending = segment === "open";
  let query = selectAdminBookings(db)
    // Literal statuses: a partial index is used only when the query names its condition's values.
    .where(
      "bookings.status",
      segment === "open" ? "in" : "not in",
      OPEN_STATUSES.map((status) => sql.lit(status)),
    )
    .orderBy("bookings.session_start", ascending ? "asc" : "desc")
    .orderBy("bookings.id", ascending ? "asc" : "desc")
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple("bookings.session_start", "bookings.id"),
        ascending ? ">" : "<",
        eb.tuple(after.sessionStart, after.id),
      ),
    );
  }
  if (filter.kind) query = query.where("bookings.kind", "=", filter.kind);
  if (filter.status) query = query.where("bookings.status", "=", filter.status as BookingStatus);
  if (filter.from) query = query.where((eb) => sessionStartsFrom(eb, filter.from as Bound));
  if (filter.to) query = query.where((eb) => sessionStartsBy(eb, filter.to as Bound));
  return query.execute();
}

type Bound = { date: string; instant: string };
type Where = ExpressionBuilder<Database, "bookings">;

/**
 * An internship's session start is its date, the others' an instant; each is compared with its
 * own kind of bound, and the wider of the two keeps the index's range (dates sort before the
 * instants of the same day).
 */
function sessionStartsFrom(eb: Where, from: Bound) {
  const [widest = from.instant] = [from.date, from.instant].sort();
  return eb.and([
    eb("bookings.session_start", ">=", widest),
    eb.or([
      eb.and([eb("bookings.kind", "=", "internship"), eb("bookings.session_start", ">=", from.date)]),
      eb.and([eb("bookings.kind", "!=", "internship"), eb("bookings.session_start", ">=", from.instant)]),
    ]),
  ]);
}

function sessionStartsBy(eb: Where, to: Bound) {
  const widest = [to.date, to.instant].sort().at(-1) ?? to.instant;
  return eb.and([
    eb("bookings.session_start", "<=", widest),
    eb.or([
      eb.and([eb("bookings.kind", "=", "internship"), eb("bookings.session_start", "<=", to.date)]),
      eb.and([eb("bookings.kind", "!=", "internship"), eb("bookings.session_start", "<=", to.instant)]),
    ]),
  ]);
}

function selectAdminBookings(db: Db) {
  return db
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
      "bookings.session_start",
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
    ]);
}
