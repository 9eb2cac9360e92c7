import type { Db } from "../../db/database.js";

/**
 * Counts one hit against a budget in one statement: a window that has ended starts again at 1.
 * Both databases apply an upsert atomically per row, so parallel hits from any number of
 * processes are each counted once.
 */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<{ hits: number; resetsAt: number }> {
  const resetsAt = nowMs + windowMs;
  const row = await db
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
    .returning(["hits", "resets_at"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Reads a budget without spending from it. */
export async function findHits(db: Db, key: string, nowMs: number): Promise<{ hits: number; resetsAt: number }> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select(["hits", "resets_at"])
    .where("key", "=", key)
    .where("resets_at", ">", nowMs)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), resetsAt: Number(row.resets_at) } : { hits: 0, resetsAt: nowMs };
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
