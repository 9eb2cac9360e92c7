import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

export const outsideTransaction = true;

/**
 * The console's bookings list, a page at a time (docs/decisions/0321-bookings-paged-by-session-start.md):
 * open bookings soonest first, settled ones latest first; a status filter reads its part's index.
 * No (status, session_start) index: SQLite would take it for the two open statuses and sort all
 * open bookings for each page (measured at M in docs/benchmarks.md, Scale).
 */
const INDEXES: OnlineIndex[] = [
  {
    name: "bookings_open_session_idx",
    table: "bookings",
    on: "session_start, id",
    where: "status in ('confirmed', 'pending_payment')",
  },
  {
    name: "bookings_settled_session_idx",
    table: "bookings",
    on: "session_start, id",
    where: "status not in ('confirmed', 'pending_payment')",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await createIndexOnline(db, index);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await dropIndexOnline(db, index.name);
}
