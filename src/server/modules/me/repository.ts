import { PAID_STATUSES } from "../../../shared/constants.js";
import type { Db } from "../../db/database.js";

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
