import { type Kysely, sql } from "kysely";

/**
 * Insights' money of a day is kept an hour after the day ended, its hold funnel two days after
 * (docs/decisions/0441-money-and-funnel-kept-an-hour-after.md): each needs its own marker of the days kept.
 * `insight_days` stays the funnel's; `insight_money_days` says which days' money rows are kept (a
 * day without sales has none). The days kept before this migration kept their money with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("insight_money_days")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("rolled_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("insight_money_days_pk", ["time_zone", "day"])
    .execute();
  await sql`insert into insight_money_days (time_zone, day, rolled_at)
    select time_zone, day, rolled_at from insight_days`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("insight_money_days").execute();
}
