import type { Kysely } from "kysely";

/**
 * Rate-limit counters, one row per limit and client, so every instance on one database spends the
 * same budget (docs/decisions/0110-rate-limits-in-the-database.md). `resets_at` is epoch
 * milliseconds; `key` is a hash, so no address or e-mail is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("resets_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_hits_resets_idx").on("rate_limit_hits").column("resets_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hits").execute();
}
