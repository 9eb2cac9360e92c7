import type { Insertable } from "kysely";
import { PAID_STATUSES } from "../../../shared/constants.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { CouponRedemptionsTable, CouponsTable } from "../../db/schema.js";

/** A redemption counts while its booking is paid or its checkout still holds the seat. */

export async function insertCoupon(db: Executor, coupon: Insertable<CouponsTable>): Promise<void> {
  await db.insertInto("coupons").values(coupon).execute();
}

export function findCouponByCode(db: Executor, code: string) {
  return db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
}

export function findCouponById(db: Executor, id: string) {
  return db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The coupon row, locked on PostgreSQL until the transaction ends: two checkouts redeeming the same
 * coupon queue here, so the second counts the first one's redemption. SQLite's write transaction
 * is exclusive already.
 */
export function lockCouponByCode(db: Executor, dialect: Dialect, code: string) {
  return forUpdate(dialect, db.selectFrom("coupons").selectAll().where("code", "=", code)).executeTakeFirst();
}

/**
 * The coupon a booking redeemed at checkout, locked on PostgreSQL like `lockCouponByCode`: a late
 * payment decides the coupon's limit again while no checkout or other payment can change it.
 */
export function lockCouponOfBooking(db: Executor, dialect: Dialect, bookingId: string) {
  const redeemed = db.selectFrom("coupon_redemptions").select("coupon_id").where("booking_id", "=", bookingId);
  return forUpdate(dialect, db.selectFrom("coupons").selectAll().where("id", "in", redeemed)).executeTakeFirst();
}

/** Redemptions that count against the coupon's limit now, other than `exceptBookingId`'s own. */
export async function countLiveRedemptions(
  db: Executor,
  couponId: string,
  nowIso: string,
  exceptBookingId?: string,
): Promise<number> {
  let query = db
    .selectFrom("coupon_redemptions")
    .innerJoin("bookings", "bookings.id", "coupon_redemptions.booking_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("coupon_redemptions.coupon_id", "=", couponId);
  if (exceptBookingId) query = query.where("coupon_redemptions.booking_id", "!=", exceptBookingId);
  const row = await query
    .where((eb) =>
      eb.or([
        eb("bookings.status", "in", PAID_STATUSES),
        eb.and([eb("bookings.status", "=", "pending_payment"), eb("bookings.seat_expires_at", ">", nowIso)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRedemption(db: Executor, redemption: Insertable<CouponRedemptionsTable>): Promise<void> {
  await db.insertInto("coupon_redemptions").values(redemption).execute();
}

export function findRedemptionByBooking(db: Executor, bookingId: string) {
  return db
    .selectFrom("coupon_redemptions")
    .innerJoin("coupons", "coupons.id", "coupon_redemptions.coupon_id")
    .select([
      "coupons.code as code",
      "coupon_redemptions.list_price_paise as listPricePaise",
      "coupon_redemptions.discount_paise as discountPaise",
    ])
    .where("coupon_redemptions.booking_id", "=", bookingId)
    .executeTakeFirst();
}

export async function setCouponActive(db: Executor, id: string, active: boolean, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable("coupons")
    .set({ active: active ? 1 : 0, updated_at: nowIso })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Coupons newest first (`limit` after where the previous page ended, or the ones named), each with
 * its live and paid redemptions and the discount paid bookings got: only the page's redemptions are read.
 */
export async function listCouponsWithUse(
  db: Executor,
  nowIso: string,
  which: { ids: string[] } | { before?: { createdAt: string; id: string } | undefined; limit: number },
) {
  let query = db.selectFrom("coupons").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if ("ids" in which) query = query.where("id", "in", which.ids.length > 0 ? which.ids : [""]);
  else {
    const { before } = which;
    if (before) {
      query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)));
    }
    query = query.limit(which.limit);
  }
  const coupons = await query.execute();
  const uses =
    coupons.length === 0
      ? []
      : await db
          .selectFrom("coupon_redemptions")
          .innerJoin("bookings", "bookings.id", "coupon_redemptions.booking_id")
          .select([
            "coupon_redemptions.coupon_id as couponId",
            "coupon_redemptions.discount_paise as discountPaise",
            "bookings.status as status",
            "bookings.seat_expires_at as seatExpiresAt",
          ])
          .where(
            "coupon_redemptions.coupon_id",
            "in",
            coupons.map((c) => c.id),
          )
          .execute();
  return coupons.map((coupon) => {
    const mine = uses.filter((u) => u.couponId === coupon.id);
    const paid = mine.filter((u) => (PAID_STATUSES as readonly string[]).includes(u.status));
    const pending = mine.filter(
      (u) => u.status === "pending_payment" && u.seatExpiresAt !== null && u.seatExpiresAt > nowIso,
    );
    return {
      coupon,
      redemptions: paid.length + pending.length,
      paidRedemptions: paid.length,
      discountPaise: paid.reduce((sum, u) => sum + u.discountPaise, 0),
    };
  });
}
