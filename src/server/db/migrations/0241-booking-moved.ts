import type { Kysely } from "kysely";

/**
 * When an admin moved a booking's session to another time after it was paid. Such a student may
 * cancel for a full refund until the session starts, even inside the 12-hour window
 * (docs/product.md, Reschedule and cancel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("moved_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("moved_at").execute();
}
