import { type Kysely, sql } from "kysely";

/**
 * Mock-interview domains (docs/product.md, Domains): the domains each interviewer covers (every
 * domain for those added before, until an admin narrows them), and the domain a student picked for
 * a hold and its booking (null: any domain).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("interviewers")
    .addColumn("domains", "text", (c) => c.notNull().defaultTo(sql`'["sde","pm","analytics","uiux"]'`))
    .execute();
  await db.schema.alterTable("holds").addColumn("domain", "text").execute();
  await db.schema.alterTable("bookings").addColumn("domain", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("domain").execute();
  await db.schema.alterTable("holds").dropColumn("domain").execute();
  await db.schema.alterTable("interviewers").dropColumn("domains").execute();
}
