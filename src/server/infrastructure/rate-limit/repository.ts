import type { QueryCreator } from "kysely";
import type { Db, Executor } from "../../db/database.js";
import type { Database } from "../../db/schema.js";

/** One hit against a budget: the row's key, when its window ends if this hit starts one, and now. */
export interface Hit {
  key: string;
  resetsAt: number;
  nowMs: number;
}

/**
 * The statement that counts one hit, returning the count and when the window ends: an upsert that
 * adds one to the row, or starts a fresh window at 1 when the old one has ended. Both databases
 * apply it atomically per row, so parallel hits from any number of processes are each counted
 * once. It is also a data-modifying CTE of the hold's statement (docs/decisions/0230-hold-spends-its-budget-in-its-statement.md);
 * the values are only placed, never computed with, so a compiled statement can stand in for them.
 */
export function hitStatement(db: QueryCreator<Database>, { key, resetsAt, nowMs }: Hit) {
  return db
    .insertInto("rate_limit_hits")
    .values({ key, hits: 1, resets_at: resetsAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const ended = eb("rate_limit_hits.resets_at", "<=", nowMs);
        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb("rate_limit_hits.hits", "+", 1))
            .end(),
          // `eb.val`: a bare number in `then` is written into the SQL, a new statement for every hit.
          resets_at: eb.case().when(ended).then(eb.val(resetsAt)).else(eb.ref("rate_limit_hits.resets_at")).end(),
        };
      }),
    )
    .returning(["hits", "resets_at"]);
}

/** A budget as hitStatement's row (or a statement that embeds it) returns it; PostgreSQL's bigints come as text. */
export function budgetSpent(row: { hits: unknown; resets_at: unknown }): { hits: number; resetsAt: number } {
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Counts one hit against a budget in one statement (see hitStatement). */
export async function spendHit(db: Executor, hit: Hit): Promise<{ hits: number; resetsAt: number }> {
  return budgetSpent(await hitStatement(db, hit).executeTakeFirstOrThrow());
}

/** Counts one hit against a budget whose window is `windowMs` long if this hit starts it. */
export function countHit(db: Executor, key: string, windowMs: number, nowMs: number) {
  return spendHit(db, { key, resetsAt: nowMs + windowMs, nowMs });
}

/** Reads a budget without spending from it. */
export async function findHits(db: Db, key: string, nowMs: number): Promise<{ hits: number; resetsAt: number }> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select(["hits", "resets_at"])
    .where("key", "=", key)
    .where("resets_at", ">", nowMs)
    .executeTakeFirst();
  return row ? budgetSpent(row) : { hits: 0, resetsAt: nowMs };
}

/** Gives back a hit that was refused or did not happen, so it does not spend the budget. */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable("rate_limit_hits")
    .set((eb) => ({ hits: eb("hits", "-", 1) }))
    .where("key", "=", key)
    .where("hits", ">", 0)
    .execute();
}

export async function deleteEndedWindows(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("resets_at", "<=", nowMs).execute();
}
