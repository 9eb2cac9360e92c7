import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: every line anyone ever stood in stays in the table (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * The console's waitlists, a page at a time (docs/decisions/0425-waitlists-paged-by-session-start.md):
 * the live entries only (waiting or offered), soonest session first, each line in the order it
 * was joined, so a page reads its own rows and a session's line stays together.
 */
const INDEXES: OnlineIndex[] = [
  {
    name: "waitlist_entries_live_session_idx",
    table: "waitlist_entries",
    on: "session_start, target_id, created_at, id",
    where: "status in ('waiting', 'offered')",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await createIndexOnline(db, index);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await dropIndexOnline(db, index.name);
}
