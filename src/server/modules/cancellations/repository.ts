import type { Transaction } from "kysely";
import { zonedToInstant } from "../../../shared/time.js";
import type { Dialect } from "../../db/database.js";
import { forUpdate } from "../../db/database.js";
import type { BookingKind, BookingStatus, BookingsTable, Database } from "../../db/schema.js";

type Trx = Transaction<Database>;

const TARGET_TABLES = { mock: "slots", workshop: "workshops", internship: "internships" } as const;

/**
 * Locks the slot, workshop or internship row a booking sits on. Seat changes lock the target
 * before its bookings, everywhere, so concurrent changes queue instead of deadlocking.
 */
export async function lockTarget(trx: Trx, dialect: Dialect, kind: BookingKind, id: string): Promise<boolean> {
  const row = await forUpdate(
    dialect,
    trx.selectFrom(TARGET_TABLES[kind]).select("id").where("id", "=", id),
  ).executeTakeFirst();
  return row !== undefined;
}

export async function lockBookingsOfTarget(
  trx: Trx,
  dialect: Dialect,
  targetId: string,
  statuses: readonly BookingStatus[],
): Promise<BookingsTable[]> {
  return forUpdate(
    dialect,
    trx
      .selectFrom("bookings")
      .selectAll()
      .where("target_id", "=", targetId)
      .where("status", "in", [...statuses])
      .orderBy("id"),
  ).execute();
}

export async function markBookingCancelled(
  trx: Trx,
  booking: BookingsTable,
  reason: string | null,
  now: string,
): Promise<void> {
  await trx
    .updateTable("bookings")
    .set({
      status: "cancelled",
      cancelled_at: now,
      cancel_reason: reason,
      ics_sequence: booking.ics_sequence + 1,
      updated_at: now,
    })
    .where("id", "=", booking.id)
    .execute();
}

/** Paid payments of a booking move to refund_pending; the refund job finishes them. */
export async function markPaymentsRefundPending(trx: Trx, bookingId: string, now: string): Promise<string[]> {
  const paid = await trx
    .selectFrom("payments")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("status", "=", "paid")
    .execute();
  if (paid.length === 0) return [];
  await trx
    .updateTable("payments")
    .set({ status: "refund_pending", updated_at: now })
    .where(
      "id",
      "in",
      paid.map((p) => p.id),
    )
    .execute();
  return paid.map((p) => p.id);
}

export async function releaseHoldsOnTarget(trx: Trx, targetId: string): Promise<void> {
  await trx.deleteFrom("holds").where("target_id", "=", targetId).execute();
}

/**
 * Locks a session about to be cancelled and says when it starts (an internship batch at midnight of
 * its start date in the platform zone) and whether it was cancelled already.
 */
export async function lockSessionForCancel(
  trx: Trx,
  dialect: Dialect,
  kind: BookingKind,
  id: string,
  timeZone: string,
): Promise<{ startAt: string; cancelledAt: string | null } | undefined> {
  if (kind === "internship") {
    const batch = await forUpdate(
      dialect,
      trx.selectFrom("internships").select(["start_date", "cancelled_at"]).where("id", "=", id),
    ).executeTakeFirst();
    if (!batch) return undefined;
    const startAt = zonedToInstant(batch.start_date.slice(0, 10), "00:00", timeZone).toISOString();
    return { startAt, cancelledAt: batch.cancelled_at };
  }
  const row = await forUpdate(
    dialect,
    trx.selectFrom(TARGET_TABLES[kind]).select(["start_at", "cancelled_at"]).where("id", "=", id),
  ).executeTakeFirst();
  return row && { startAt: row.start_at, cancelledAt: row.cancelled_at };
}

export async function markSessionCancelled(trx: Trx, kind: BookingKind, id: string, nowIso: string): Promise<void> {
  await trx
    .updateTable(TARGET_TABLES[kind])
    .set({ cancelled_at: nowIso, updated_at: nowIso })
    .where("id", "=", id)
    .execute();
}
