import type { Kysely } from "kysely";

/**
 * The channels a student wants time-critical news on besides e-mail (docs/operations.md, News on the
 * phone): SMS on unless turned off, WhatsApp only when asked for. No row: the defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("alert_channels")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("sms", "integer", (c) => c.notNull())
    .addColumn("whatsapp", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("alert_channels").execute();
}
