import type { Insertable, Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { BookingsTable, Database, PaymentsTable } from "../../db/schema.js";

type Executor = Db | Transaction<Database>;

export async function insertBooking(db: Executor, booking: Insertable<BookingsTable>): Promise<void> {
  await db.insertInto("bookings").values(booking).execute();
}

export async function insertPayment(db: Executor, payment: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto("payments").values(payment).execute();
}

export function findPaymentById(db: Executor, id: string) {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findPaymentByOrderId(db: Executor, orderId: string) {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).executeTakeFirst();
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

export async function updatePayment(db: Executor, id: string, change: Partial<PaymentsTable>): Promise<void> {
  await db.updateTable("payments").set(change).where("id", "=", id).execute();
}

/** Pending bookings whose seat hold ran out: the seat is already free; the status catches up. */
export async function expireStalePendingBookings(db: Executor, nowIso: string): Promise<number> {
  const result = await db
    .updateTable("bookings")
    .set({ status: "expired", updated_at: nowIso })
    .where("status", "=", "pending_payment")
    .where("seat_expires_at", "<=", nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Records a webhook event id; false when it was already seen (a redelivery). */
export async function recordWebhookEvent(db: Executor, id: string, provider: string, nowIso: string): Promise<boolean> {
  const result = await db
    .insertInto("webhook_events")
    .values({ id, provider, received_at: nowIso })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
