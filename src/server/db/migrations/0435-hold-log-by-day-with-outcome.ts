import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: a busy platform logs some 1,500 holds a day, kept 35 days (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * Insights' hold funnel counts a day's holds by outcome from the index alone (10 → 2 ms for the
 * last three days at L on PostgreSQL, docs/benchmarks.md, Scale). The index on `created_at` it
 * replaces is its prefix: the retention sweep's oldest-first batches read this one.
 */
const INDEX: OnlineIndex = { name: "hold_log_created_outcome_idx", table: "hold_log", on: "created_at, outcome" };

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, INDEX);
  await dropIndexOnline(db, "hold_log_created_idx");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, { name: "hold_log_created_idx", table: "hold_log", on: "created_at" });
  await dropIndexOnline(db, INDEX.name);
}
