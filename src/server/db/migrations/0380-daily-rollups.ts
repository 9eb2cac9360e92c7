import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Daily rollups of settled days (docs/decisions/0380-daily-rollups.md): Insights' money and hold
 * funnel per platform-zone day, and the invoices CSV's lines per day (gzip). Filled from the raw
 * rows the first time a settled day is asked for, then read instead of them; keyed by the time zone
 * the days were cut in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("insight_days")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("holds", "integer", (c) => c.notNull())
    .addColumn("checkouts", "integer", (c) => c.notNull())
    .addColumn("paid_holds", "integer", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_days_pk", ["time_zone", "day"])
    .execute();
  await db.schema
    .createTable("insight_day_money")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("package_key", "text", (c) => c.notNull())
    .addColumn("gross_paise", "bigint", (c) => c.notNull())
    .addColumn("paid", "integer", (c) => c.notNull())
    .addColumn("refunds_paise", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_day_money_pk", ["time_zone", "day", "package_key"])
    .execute();
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

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["invoice_csv_days", "insight_day_money", "insight_days"]) {
    await db.schema.dropTable(table).execute();
  }
}
