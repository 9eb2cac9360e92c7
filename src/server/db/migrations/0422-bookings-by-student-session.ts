import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: bookings are the biggest table a running platform has (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * Insights' hold funnel of the last days (docs/decisions/0380-daily-rollups.md) asks,
 * for every hold, whether the same student booked the same session after it and paid: answered
 * from this index alone, not from each of the student's bookings (59 → 16 ms at L for two days).
 */
const INDEX: OnlineIndex = {
  name: "bookings_user_session_idx",
  table: "bookings",
  on: "user_id, target_id, created_at, confirmed_at",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, INDEX);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexOnline(db, INDEX.name);
}
