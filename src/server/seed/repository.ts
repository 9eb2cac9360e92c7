import type { Db } from "../db/database.js";

/** Whether the database already has interviewers, slots, internships, users or bookings. */
export async function hasAnyProductData(db: Db): Promise<boolean> {
  const existing = await Promise.all([
    db.selectFrom("interviewers").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("slots").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("internships").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("user").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("bookings").select("id").limit(1).executeTakeFirst(),
  ]);
  return existing.some((row) => row !== undefined);
}
