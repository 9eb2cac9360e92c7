import type { Db } from "../../db/database.js";

/** Statuses that mean the student has (or had) a paid seat. */
export const PAID_STATUSES = ["confirmed", "completed", "no_show"] as const;

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
