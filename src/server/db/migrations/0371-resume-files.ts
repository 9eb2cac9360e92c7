import type { Kysely } from "kysely";

/**
 * Resumes uploaded as PDF files (docs/privacy.md, Resumes): the current one is the student's resume
 * link; a replaced one stays only while a booking made with it has not ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("resume_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("replaced_at", "text")
    .execute();
  await db.schema.createIndex("resume_files_user_idx").on("resume_files").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("resume_files").execute();
}
