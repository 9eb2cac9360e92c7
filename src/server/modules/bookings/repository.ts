import { type Insertable, sql, type Transaction } from "kysely";
import { PAID_STATUSES } from "../../../shared/constants.js";
import { type Db, type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { BookingKind, BookingsTable, Database } from "../../db/schema.js";

export async function insertBooking(db: Executor, booking: Insertable<BookingsTable>): Promise<void> {
  await db.insertInto("bookings").values(booking).execute();
}

export function findBookingById(db: Executor, id: string) {
  return db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A booking still waiting for its payment, with the order opened for it. */
export async function findOpenCheckout(db: Executor, userId: string, bookingId: string, nowIso: string) {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("payments", "payments.booking_id", "bookings.id")
    .select([
      "bookings.id as bookingId",
      "bookings.amount_paise as amountPaise",
      "bookings.package_key as packageKey",
      "payments.id as paymentId",
      "payments.order_id as orderId",
    ])
    .where("bookings.id", "=", bookingId)
    .where("bookings.user_id", "=", userId)
    .where("bookings.status", "=", "pending_payment")
    .where("bookings.seat_expires_at", ">", nowIso)
    .where("payments.status", "=", "created")
    .executeTakeFirst();
  return row
    ? {
        response: {
          bookingId: row.bookingId,
          paymentId: row.paymentId,
          orderId: row.orderId,
          amountPaise: row.amountPaise,
          description: row.packageKey,
        },
      }
    : undefined;
}

export async function updateBooking(db: Executor, id: string, change: Partial<BookingsTable>): Promise<void> {
  await db.updateTable("bookings").set(change).where("id", "=", id).execute();
}

/** Pending bookings whose seat hold ran out: the seat is already free; the status catches up. */
export async function expireStalePendingBookings(db: Executor, nowIso: string): Promise<number> {
  const result = await db
    .updateTable("bookings")
    .set({ status: "expired", updated_at: nowIso })
    // A literal, so the partial index on pending checkouts serves it (migration 0320).
    .where("status", "=", sql.lit("pending_payment"))
    .where("seat_expires_at", "<=", nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * One checkout at a time per student: the student's row is the lock (taken before anything else
 * in a checkout), so two checkouts started at once cannot both survive the supersede below.
 */
export async function lockStudent(trx: Transaction<Database>, dialect: Dialect, userId: string): Promise<void> {
  await forUpdate(dialect, trx.selectFrom("user").select("id").where("id", "=", userId)).execute();
}

/**
 * A new checkout replaces the student's earlier unpaid ones of the same kind: open, failed or
 * expired, none of them can book a seat any more, and a payment that still arrives for one is
 * refunded (docs/payments.md, Replaced checkouts). Returns the sessions whose seat was released.
 */
export async function supersedeUnpaidCheckouts(
  trx: Transaction<Database>,
  checkout: { userId: string; kind: BookingKind; exceptId: string; nowIso: string },
): Promise<string[]> {
  const rows = await trx
    .updateTable("bookings")
    .set({ status: "superseded", seat_expires_at: null, updated_at: checkout.nowIso })
    .where("user_id", "=", checkout.userId)
    .where("kind", "=", checkout.kind)
    .where("id", "!=", checkout.exceptId)
    .where("status", "in", ["pending_payment", "failed", "expired"])
    .returning(["target_id", "seat_expires_at"])
    .execute();
  return [...new Set(rows.map((r) => r.target_id))];
}

/**
 * Every unpaid checkout of the student, of any kind, closed as replaced (their account is being
 * erased). Returns the sessions whose seat was released, by kind.
 */
export async function supersedeAllUnpaidCheckouts(trx: Transaction<Database>, userId: string, nowIso: string) {
  return trx
    .updateTable("bookings")
    .set({ status: "superseded", seat_expires_at: null, updated_at: nowIso })
    .where("user_id", "=", userId)
    .where("status", "in", ["pending_payment", "failed", "expired"])
    .returning(["kind", "target_id"])
    .execute();
}

/** The checkout that replaced this one: the student's newest booking of the kind, and its payment. */
export async function findReplacingCheckout(db: Executor, booking: BookingsTable) {
  return db
    .selectFrom("bookings")
    .leftJoin("payments", "payments.booking_id", "bookings.id")
    .select(["bookings.id", "bookings.status", "payments.id as paymentId"])
    .where("bookings.user_id", "=", booking.user_id)
    .where("bookings.kind", "=", booking.kind)
    .where("bookings.created_at", ">=", booking.created_at)
    .where("bookings.id", "!=", booking.id)
    .where("bookings.status", "in", ["pending_payment", "confirmed", "completed"])
    .orderBy("bookings.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The one way to lock a booking row: every change to a booking's status starts here. */
export function lockBookingById(trx: Transaction<Database>, dialect: Dialect, id: string) {
  return forUpdate(dialect, trx.selectFrom("bookings").selectAll().where("id", "=", id)).executeTakeFirst();
}

/** Whether the student keeps a seat in this session: paid, or a checkout whose seat has not run out. */
export async function hasSeatOrLiveCheckout(
  db: Executor,
  userId: string,
  targetId: string,
  nowIso: string,
): Promise<boolean> {
  const own = await db
    .selectFrom("bookings")
    .select("id")
    .where("user_id", "=", userId)
    .where("target_id", "=", targetId)
    .where((b) =>
      b.or([
        b("status", "in", PAID_STATUSES),
        b.and([b("status", "=", "pending_payment"), b("seat_expires_at", ">", nowIso)]),
      ]),
    )
    .executeTakeFirst();
  return own !== undefined;
}

export async function hasPaidBooking(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", PAID_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
