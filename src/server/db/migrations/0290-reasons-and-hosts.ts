import type { Kysely } from "kysely";

/**
 * Decision 0190: an unavailable package's one-line reason, written by an admin (null: the standard sentence),
 * and a workshop session's host, one of the interviewers, so one person's slots and sessions never
 * overlap. Deleting the interviewer leaves the session without a host, like a slot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("catalog_items").addColumn("unavailable_reason", "text").execute();
  await db.schema
    .alterTable("workshops")
    .addColumn("host_interviewer_id", "text", (c) => c.references("interviewers.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("workshops_host_idx").on("workshops").column("host_interviewer_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("workshops_host_idx").execute();
  await db.schema.alterTable("workshops").dropColumn("host_interviewer_id").execute();
  await db.schema.alterTable("catalog_items").dropColumn("unavailable_reason").execute();
}
