import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline } from "../online-index.js";

/** Dropped (and, going down, built) online: bookings is the biggest table (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * `bookings_created_idx` (migration 0320) served Insights' funnel when it counted bookings by the
 * instant they were made; it counts the hold log now, and every other read of
 * bookings by `created_at` is of one student's rows (their own index). Nothing read it, and it
 * cost 58 bytes per booking on SQLite at L (docs/benchmarks.md, Scale: storage per booking).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropIndexOnline(db, "bookings_created_idx");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, { name: "bookings_created_idx", table: "bookings", on: "created_at, confirmed_at" });
}
