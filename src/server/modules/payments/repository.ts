import type { Insertable, Transaction } from "kysely";
import { PAID_STATUSES } from "../../../shared/constants.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type { BookingsTable, Database, PaymentsTable } from "../../db/schema.js";

/** The payment row, locked on PostgreSQL: last in the lock order (docs/payments.md, Locks). */
export function lockPayment(trx: Transaction<Database>, dialect: Dialect, id: string) {
  return forUpdate(dialect, trx.selectFrom("payments").selectAll().where("id", "=", id)).executeTakeFirst();
}

/** Whether the student already has a paid seat in this booking's session through another booking. */
export async function hasPaidSeatInSession(db: Executor, booking: BookingsTable): Promise<boolean> {
  const other = await db
    .selectFrom("bookings")
    .select("id")
    .where("user_id", "=", booking.user_id)
    .where("target_id", "=", booking.target_id)
    .where("id", "!=", booking.id)
    .where("status", "in", PAID_STATUSES)
    .executeTakeFirst();
  return other !== undefined;
}

export async function findBookingOwnerId(db: Executor, bookingId: string): Promise<string | undefined> {
  const row = await db.selectFrom("bookings").select("user_id").where("id", "=", bookingId).executeTakeFirst();
  return row?.user_id;
}

export async function webhookEventSeen(db: Executor, id: string): Promise<boolean> {
  return (await db.selectFrom("webhook_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** The refund went through: the payment is settled with the provider's refund id. */
export async function markPaymentRefunded(db: Executor, id: string, refundId: string, nowIso: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ status: "refunded", refund_id: refundId, updated_at: nowIso })
    .where("id", "=", id)
    .where("status", "=", "refund_pending")
    .execute();
}

export async function insertPayment(db: Executor, payment: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto("payments").values(payment).execute();
}

/** How the student paid, as the provider reports it (Razorpay's `method`). */
export async function recordPaymentMethod(db: Executor, id: string, method: string): Promise<void> {
  await db.updateTable("payments").set({ method }).where("id", "=", id).execute();
}

export function findPaymentById(db: Executor, id: string) {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findPaymentByOrderId(db: Executor, orderId: string) {
  return db.selectFrom("payments").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

export async function updatePayment(db: Executor, id: string, change: Partial<PaymentsTable>): Promise<void> {
  await db.updateTable("payments").set(change).where("id", "=", id).execute();
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

/**
 * What a checkout is for, read from the stored booking (never from the page's address): the slot and
 * its interviewer's qualification, the workshop session, or the internship batch.
 */
export function findCheckoutSubject(db: Executor, bookingId: string) {
  return db
    .selectFrom("bookings")
    .leftJoin("slots", (join) => join.onRef("slots.id", "=", "bookings.target_id").on("bookings.kind", "=", "mock"))
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .leftJoin("workshops", (join) =>
      join.onRef("workshops.id", "=", "bookings.target_id").on("bookings.kind", "=", "workshop"),
    )
    .leftJoin("interviewers as hosts", "hosts.id", "workshops.host_interviewer_id")
    .leftJoin("internships", (join) =>
      join.onRef("internships.id", "=", "bookings.target_id").on("bookings.kind", "=", "internship"),
    )
    .select([
      "bookings.kind",
      "bookings.package_key",
      "slots.start_at as slot_start",
      "slots.interviewer_name",
      "interviewers.qualification as interviewer_qualification",
      "workshops.topic_key as workshop_topic",
      "workshops.title as workshop_title",
      "workshops.level as workshop_level",
      "workshops.start_at as workshop_start",
      "hosts.name as workshop_host",
      "internships.title as internship_title",
      "internships.weeks as internship_weeks",
      "internships.start_date as internship_start",
      "internships.mentor as internship_mentor",
    ])
    .where("bookings.id", "=", bookingId)
    .executeTakeFirst();
}
