import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline } from "../online-index.js";

/** Dropped (and, going down, built) online: bookings is the biggest table (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * `bookings_user_idx` (`user_id, status`, migration 0001) is a prefix's worth of
 * `bookings_user_session_idx` (`user_id, target_id, created_at, confirmed_at`, migration 0422): every
 * read by student finds the student's few rows through the newer one as fast, and the status is
 * checked on those rows. It cost 62 bytes per booking at L (docs/benchmarks.md, Scale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropIndexOnline(db, "bookings_user_idx");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, { name: "bookings_user_idx", table: "bookings", on: "user_id, status" });
}
