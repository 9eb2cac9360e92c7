import type { Insertable } from "kysely";
import { everyColumn } from "../../db/columns.js";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Db, Executor } from "../../db/database.js";
import type { OtpCodesTable, ProfilesTable } from "../../db/schema.js";

const PROFILE_COLUMNS = everyColumn<ProfilesTable>()([
  "user_id",
  "first_name",
  "last_name",
  "qualification",
  "status",
  "phone",
  "phone_verified_at",
  "completed_at",
  "updated_at",
  "state",
]);

export async function findProfile(db: Db, userId: string) {
  const [row] = await readCompiled(db, "profile of a user", { userId }, (v) =>
    db.selectFrom("profiles").select(PROFILE_COLUMNS).where("user_id", "=", v.userId),
  );
  return row;
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

/**
 * Claims one try at an open code before the code is compared, in one statement: of any number of
 * guesses sent at once, at most `maxAttempts` are ever compared. Returns the tries used, counting
 * this one, or undefined when the code is used up, expired or out of tries.
 */
export async function claimOtpAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
  nowIso: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable("otp_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", nowIso)
    .where("attempts", "<", maxAttempts)
    .returning("attempts")
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** "open" while a code can still be tried, "closed" once used or expired. */
export async function findOtpState(db: Db, id: string, nowIso: string): Promise<"open" | "closed"> {
  const row = await db
    .selectFrom("otp_codes")
    .select("id")
    .where("id", "=", id)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return row ? "open" : "closed";
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

/** The account's display name follows the profile's first and last name. */
export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable("user").set({ name }).where("id", "=", userId).execute();
}

/** The account's e-mail and name, for a message to the student. */
export function findUserContact(db: Executor, userId: string) {
  return db.selectFrom("user").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
}

/** The link to the student's resume (one per student; an empty link removes it). */
export async function findResumeUrl(db: Db, userId: string): Promise<string | null> {
  const [row] = await readCompiled(db, "resume of a user", { userId }, (v) =>
    db.selectFrom("resumes").select("url").where("user_id", "=", v.userId),
  );
  return row?.url ?? null;
}

export async function saveResumeUrl(db: Db, userId: string, url: string, now: string): Promise<void> {
  await db
    .insertInto("resumes")
    .values({ user_id: userId, url, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ url, updated_at: now }))
    .execute();
}

export async function deleteResume(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("resumes").where("user_id", "=", userId).execute();
}
