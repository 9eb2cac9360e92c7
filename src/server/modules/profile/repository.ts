import type { Insertable } from "kysely";
import type { Db } from "../../db/database.js";
import type { OtpCodesTable, ProfilesTable } from "../../db/schema.js";

export function findProfile(db: Db, userId: string) {
  return db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function upsertProfile(db: Db, profile: ProfilesTable): Promise<void> {
  const { user_id: _, ...change } = profile;
  await db
    .insertInto("profiles")
    .values(profile)
    .onConflict((oc) => oc.column("user_id").doUpdateSet(change))
    .execute();
}

export async function insertOtp(db: Db, otp: Insertable<OtpCodesTable>): Promise<void> {
  await db.insertInto("otp_codes").values(otp).execute();
}

export async function deleteOtp(db: Db, id: string): Promise<void> {
  await db.deleteFrom("otp_codes").where("id", "=", id).execute();
}

export function countOtpsSince(db: Db, userId: string, sinceIso: string) {
  return db
    .selectFrom("otp_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("created_at", ">", sinceIso)
    .executeTakeFirstOrThrow();
}

/** Codes sent to this phone by anyone: one number cannot be flooded from many accounts. */
export function countOtpsToPhoneSince(db: Db, phone: string, sinceIso: string) {
  return db
    .selectFrom("otp_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("phone", "=", phone)
    .where("created_at", ">", sinceIso)
    .executeTakeFirstOrThrow();
}

export function findLatestOtp(db: Db, userId: string, phone: string) {
  return db
    .selectFrom("otp_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("phone", "=", phone)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try; only while the code is still open, so parallel guesses cannot exceed the cap. */
export async function recordOtpAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable("otp_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function consumeOtp(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable("otp_codes")
    .set({ consumed_at: nowIso })
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Phone numbers this user proved they own (a code was entered correctly). */
export async function findVerifiedPhones(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("otp_codes")
    .select("phone")
    .distinct()
    .where("user_id", "=", userId)
    .where("consumed_at", "is not", null)
    .execute();
  return rows.map((r) => r.phone);
}
