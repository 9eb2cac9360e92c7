import type { Kysely } from "kysely";

/** A link to each student's resume, shared with interviewers (the dashboard's "Upload resume"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("resumes")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("resumes").execute();
}
