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

export async function countHoldsIn(db: Db, w: Window): Promise<number> {
  const row = await db
    .selectFrom("hold_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", w.fromIso)
    .where("created_at", "<", w.toIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Checkouts started in the window (one booking each) and how many of them were paid. */
export async function countCheckoutsIn(db: Db, w: Window): Promise<{ checkouts: number; paid: number }> {
  const row = await db
    .selectFrom("bookings")
    .select((eb) => [eb.fn.countAll<number>().as("checkouts"), eb.fn.count<number>("confirmed_at").as("paid")])
    .where("created_at", ">=", w.fromIso)
    .where("created_at", "<", w.toIso)
    .executeTakeFirstOrThrow();
  return { checkouts: Number(row.checkouts), paid: Number(row.paid) };
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
