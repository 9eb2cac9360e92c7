import type { Kysely } from "kysely";

/** A whole internship batch can be cancelled like a slot or workshop session: it stays, marked, for its bookings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("internships").addColumn("cancelled_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("internships").dropColumn("cancelled_at").execute();
}
