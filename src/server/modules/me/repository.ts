import type { Db } from "../../db/database.js";
import { SEAT_KEEPING_STATUSES } from "../seats/repository.js";

export async function hasPaidBooking(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bookings")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", SEAT_KEEPING_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
