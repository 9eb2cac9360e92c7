import type { Kysely } from "kysely";

/** Codes sent to one phone in the last hour are counted on every send (per-phone rate limit). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("otp_codes_phone_idx").on("otp_codes").columns(["phone", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("otp_codes_phone_idx").execute();
}
