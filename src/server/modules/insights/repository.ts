import type { Db } from "../../db/database.js";

/** A half-open window of instants [fromIso, toIso). */
export interface Window {
  fromIso: string;
  toIso: string;
}

const PAID = ["confirmed", "completed", "no_show"] as const;

/** Payments confirmed in the window: what was paid, for which package, when. */
export function findPaymentsConfirmedIn(db: Db, w: Window) {
  return db
    .selectFrom("bookings")
    .select(["package_key as packageKey", "amount_paise as amountPaise", "confirmed_at as at"])
    .where("confirmed_at", ">=", w.fromIso)
    .where("confirmed_at", "<", w.toIso)
    .$narrowType<{ at: string }>()
    .execute();
}

/** Paid bookings cancelled in the window: each was refunded in full (docs/admin.md, Delete or cancel). */
export function findRefundsIn(db: Db, w: Window) {
  return db
    .selectFrom("bookings")
    .select(["package_key as packageKey", "amount_paise as amountPaise", "cancelled_at as at"])
    .where("status", "=", "cancelled")
    .where("confirmed_at", "is not", null)
    .where("cancelled_at", ">=", w.fromIso)
    .where("cancelled_at", "<", w.toIso)
    .$narrowType<{ at: string }>()
    .execute();
}

/** Slots and workshops starting in the window and internships starting on its dates, not cancelled. */
export async function findSessionsStartingIn(db: Db, w: Window, dates: { from: string; to: string }) {
  const slots = db
    .selectFrom("slots")
    .select(["id", "start_at as startAt", "capacity"])
    .where("cancelled_at", "is", null)
    .where("start_at", ">=", w.fromIso)
    .where("start_at", "<", w.toIso);
  const workshops = db
    .selectFrom("workshops")
    .select(["id", "start_at as startAt", "capacity"])
    .where("cancelled_at", "is", null)
    .where("start_at", ">=", w.fromIso)
    .where("start_at", "<", w.toIso);
  const internships = await db
    .selectFrom("internships")
    .select(["id", "start_date as startDate", "capacity"])
    .where("start_date", ">=", dates.from)
    .where("start_date", "<=", `${dates.to}~`)
    .execute();
  const timed = await slots.unionAll(workshops).execute();
  return { timed, internships };
}

/** Paid seats per session, for the sessions given. */
export async function countPaidSeats(db: Db, targetIds: string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bookings")
    .select((eb) => ["target_id as targetId", eb.fn.countAll<number>().as("n")])
    .where("status", "in", [...PAID])
    .where("target_id", "in", targetIds)
    .groupBy("target_id")
    .execute();
  return new Map(rows.map((r) => [r.targetId, Number(r.n)]));
}

/**
 * The funnel of the holds placed in the window: how many led to a checkout (a booking of the same
 * student for the same session, made after the hold) and how many of those were paid. Every step
 * counts holds, so no step can exceed the one before (docs/admin.md, Insights).
 */
export async function countHoldFunnelIn(
  db: Db,
  w: Window,
): Promise<{ holds: number; checkouts: number; paid: number }> {
  const row = await db
    .selectFrom("hold_log as h")
    .select((eb) => {
      const bookingOfHold = () =>
        eb
          .selectFrom("bookings as b")
          .select("b.id")
          .whereRef("b.user_id", "=", "h.user_id")
          .whereRef("b.target_id", "=", "h.target_id")
          .whereRef("b.created_at", ">=", "h.created_at");
      const countWhere = (condition: ReturnType<typeof eb.exists>) =>
        eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
      return [
        eb.fn.countAll<number>().as("holds"),
        countWhere(eb.exists(bookingOfHold())).as("checkouts"),
        countWhere(eb.exists(bookingOfHold().where("b.confirmed_at", "is not", null))).as("paid"),
      ];
    })
    .where("h.created_at", ">=", w.fromIso)
    .where("h.created_at", "<", w.toIso)
    .executeTakeFirstOrThrow();
  return { holds: Number(row.holds), checkouts: Number(row.checkouts ?? 0), paid: Number(row.paid ?? 0) };
}

/** Mock interviews and workshops that started in the window and were marked attended or no-show. */
export async function findMarkedAttendanceIn(db: Db, w: Window) {
  const slotBookings = db
    .selectFrom("bookings")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .select(["bookings.package_key as packageKey", "bookings.status as status"])
    .where("bookings.kind", "=", "mock")
    .where("slots.start_at", ">=", w.fromIso)
    .where("slots.start_at", "<", w.toIso)
    .where("bookings.status", "in", ["completed", "no_show"]);
  const workshopBookings = db
    .selectFrom("bookings")
    .innerJoin("workshops", "workshops.id", "bookings.target_id")
    .select(["bookings.package_key as packageKey", "bookings.status as status"])
    .where("bookings.kind", "=", "workshop")
    .where("workshops.start_at", ">=", w.fromIso)
    .where("workshops.start_at", "<", w.toIso)
    .where("bookings.status", "in", ["completed", "no_show"]);
  return slotBookings.unionAll(workshopBookings).execute();
}

/** The overall score of every scorecard for a mock interview that started in the window. */
export function findScoresIn(db: Db, w: Window) {
  return db
    .selectFrom("scorecards")
    .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .select(["bookings.package_key as packageKey", "scorecards.overall as overall"])
    .where("slots.start_at", ">=", w.fromIso)
    .where("slots.start_at", "<", w.toIso)
    .execute();
}

/** Coupon redemptions on bookings paid in the window and still paid. */
export function findCouponUseIn(db: Db, w: Window) {
  return db
    .selectFrom("coupon_redemptions")
    .innerJoin("coupons", "coupons.id", "coupon_redemptions.coupon_id")
    .innerJoin("bookings", "bookings.id", "coupon_redemptions.booking_id")
    .select([
      "coupons.code as code",
      "coupon_redemptions.discount_paise as discountPaise",
      "bookings.amount_paise as amountPaise",
    ])
    .where("bookings.status", "in", [...PAID])
    .where("bookings.confirmed_at", ">=", w.fromIso)
    .where("bookings.confirmed_at", "<", w.toIso)
    .execute();
}
