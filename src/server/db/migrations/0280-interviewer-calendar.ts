import type { Kysely } from "kysely";

/** A private calendar-feed token per interviewer (docs/product.md, Interviewers). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("interviewer_calendars")
    .addColumn("interviewer_id", "text", (c) => c.primaryKey().references("interviewers.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("interviewer_calendars").execute();
}
