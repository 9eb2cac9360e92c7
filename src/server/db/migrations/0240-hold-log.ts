import type { Kysely } from "kysely";

/**
 * One row per hold taken. Holds themselves are replaced and swept away, so the insights funnel
 * (holds → checkouts → paid, docs/admin.md) counts the holds of a period from this log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("hold_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hold_log_created_idx").on("hold_log").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("hold_log").execute();
}
