import type { Kysely } from "kysely";

/** A hold remembers the plan it was taken under, so checkout charges that plan's price. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("holds")
    .addColumn("package_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("holds").dropColumn("package_key").execute();
}
