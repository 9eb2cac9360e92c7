import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The invoices CSV's kept days as raw DEFLATE segments with their CRC-32 and length, so a month is
 * sent inside one gzip stream without unpacking it (docs/decisions/0431-csv-days-sent-compressed.md).
 * The kept days were a cache of the documents: the table starts again empty and fills as days are
 * asked for (docs/decisions/0380-daily-rollups.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema.dropTable("invoice_csv_days").execute();
  await db.schema
    .createTable("invoice_csv_days")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("documents", "integer", (c) => c.notNull())
    .addColumn("lines_deflate", bytes, (c) => c.notNull())
    .addColumn("lines_crc32", "bigint", (c) => c.notNull())
    .addColumn("lines_bytes", "bigint", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_csv_days_pk", ["time_zone", "day"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema.dropTable("invoice_csv_days").execute();
  await db.schema
    .createTable("invoice_csv_days")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("documents", "integer", (c) => c.notNull())
    .addColumn("lines_gzip", bytes, (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_csv_days_pk", ["time_zone", "day"])
    .execute();
}
