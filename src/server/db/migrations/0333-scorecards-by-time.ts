import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: scorecards grow with every session (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * The feedback-time figure (docs/decisions/0330-claims-from-data.md) reads the scorecards of the
 * last 90 days, for Insights and the catalog: from this index, never every booking.
 */
const INDEX: OnlineIndex = { name: "scorecards_created_idx", table: "scorecards", on: "created_at, booking_id" };

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, INDEX);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexOnline(db, INDEX.name);
}
