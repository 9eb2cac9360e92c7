import type { Kysely } from "kysely";

/** "Tell me when it opens": students waiting for an unavailable package, one row per student and package. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("availability_alerts")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("availability_alerts_pk", ["user_id", "package_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("availability_alerts").execute();
}
