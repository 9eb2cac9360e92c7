import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: the inbox grows with every visitor (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * The console's inbox and coupons, newest first a page at a time (docs/benchmarks.md, Scale), and
 * the inbox's count of messages still waiting, read from the waiting ones only.
 */
const INDEXES: OnlineIndex[] = [
  { name: "contact_messages_created_idx", table: "contact_messages", on: "created_at, id" },
  { name: "contact_messages_unhandled_idx", table: "contact_messages", on: "created_at", where: "handled_at is null" },
  { name: "coupons_created_idx", table: "coupons", on: "created_at, id" },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await createIndexOnline(db, index);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) await dropIndexOnline(db, index.name);
}
