import type { Kysely } from "kysely";
import { createIndexOnline, dropIndexOnline, type OnlineIndex } from "../online-index.js";

/** Built online: a busy platform logs some 1,500 holds a day, kept 35 days (docs/operations.md, Upgrades). */
export const outsideTransaction = true;

/**
 * A student's holds of one session, oldest first: what a booking's checkout and payment mark as
 * their outcome (migration 0434, docs/decisions/0433-hold-outcomes-kept-on-the-log.md), and what
 * an erasure deletes (the student's rows, without reading the whole log).
 */
const INDEX: OnlineIndex = {
  name: "hold_log_user_session_idx",
  table: "hold_log",
  on: "user_id, target_id, created_at",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndexOnline(db, INDEX);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndexOnline(db, INDEX.name);
}
