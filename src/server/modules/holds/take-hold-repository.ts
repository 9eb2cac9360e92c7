import type { Db, Dialect } from "../../db/database.js";
import { budgetSpent, hitStatement } from "../../infrastructure/rate-limit/repository.js";
import { attemptFrom, type Facts, mayTake, selectFacts } from "./facts-repository.js";
import type { HoldOutcome, HoldRequest } from "./hold-request.js";
import { takeHoldStatement } from "./postgres-hold-repository.js";
import { replaceHold } from "./repository.js";
import { compiledForHold, statements } from "./statements.js";
import { targetRow } from "./targets-repository.js";

/**
 * Spends one hit of the student's hold budget and, when the budget allows, takes a seat if the
 * rules allow it, replacing the student's hold of this kind, logs the hold taken (for the
 * insights funnel), and says what it saw.
 *
 * PostgreSQL: one statement, one round trip (docs/decisions/0200-hold-and-release-one-round-trip.md,
 * docs/decisions/0230-hold-spends-its-budget-in-its-statement.md). The budget's hit is counted in a
 * CTE; the target row is locked in the next only when the count is within the budget; the facts
 * are read (the seat count after the lock, see migration 0140), the hold is inserted only when
 * every rule passes (the upsert on (user, kind) replaces the student's previous hold in the same
 * step) and the log row is written from what the insert returned. N requests for the last seat
 * wait on the lock one after another and exactly one gets it.
 *
 * SQLite: the hit, the same facts query, upsert and log insert in one write transaction (exclusive
 * there), in process, where a statement costs no round trip; each compiled once, like the facts.
 */
export async function takeHoldIfFree(db: Db, dialect: Dialect, request: HoldRequest): Promise<HoldOutcome> {
  const { hold, budget } = request;
  if (dialect === "postgres") {
    const { rows } = await db.executeQuery(compiledForHold("postgres-hold", request, (r) => takeHoldStatement(db, r)));
    const row = rows[0];
    if (!row) throw new Error("the hold's statement returned no row");
    const spent = budgetSpent(row);
    return { spent, attempt: row.id === null ? undefined : attemptFrom(row as Facts, row.taken_id !== null) };
  }
  return db.transaction().execute(async (trx) => {
    const hit = (
      await trx.executeQuery(
        statements("sqlite-hit", { key: budget.key, resetsAt: budget.resetsAt, nowMs: budget.nowMs }, (v) =>
          hitStatement(trx, v),
        ),
      )
    ).rows[0];
    if (!hit) throw new Error("the hold budget's statement returned no row");
    const spent = budgetSpent(hit);
    if (spent.hits > budget.max) return { spent, attempt: undefined };
    const facts = compiledForHold("sqlite-facts", request, (r) =>
      selectFacts(
        trx.with("target", () => targetRow(trx, dialect, r)),
        dialect,
        r,
      ),
    );
    const row = (await trx.executeQuery(facts)).rows[0];
    if (!row) return { spent, attempt: undefined };
    if (!mayTake(row)) return { spent, attempt: attemptFrom(row, false) };
    const written = { ...hold, package_key: row.package_key ?? "" };
    await trx.executeQuery(
      statements("sqlite-hold-row", written, (v) =>
        trx
          .insertInto("holds")
          .values(v)
          .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(replaceHold)),
      ),
    );
    const { expires_at: _, ...logged } = written;
    await trx.executeQuery(statements("sqlite-hold-log", logged, (v) => trx.insertInto("hold_log").values(v)));
    return { spent, attempt: attemptFrom(row, true) };
  });
}
