import { type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database.js";
import { hitStatement } from "../../infrastructure/rate-limit/repository.js";
import { selectFacts } from "./facts-repository.js";
import type { HoldRequest } from "./hold-request.js";
import { replaceHold } from "./repository.js";
import { targetRow } from "./targets-repository.js";

/**
 * PostgreSQL's hold: the budget's hit, then (within the budget) lock, facts, conditional upsert
 * and log row, as CTEs of one statement. Its one row always comes from the hit; the facts are
 * null when the target does not exist or the budget was already spent.
 */
export function takeHoldStatement(db: Db, request: HoldRequest) {
  const { hold, budget } = request;
  return db
    .with("hit", () => hitStatement(db, budget))
    .with(
      (cte) => cte("target").materialized(),
      () => targetRow(db, "postgres", request, sql<SqlBool>`(select hits from hit) <= ${budget.max}`),
    )
    .with(
      (cte) => cte("facts").materialized(),
      (qc) => selectFacts(qc, "postgres", request),
    )
    .with("taken", (qc) =>
      qc
        .insertInto("holds")
        .columns(["id", "user_id", "kind", "target_id", "package_key", "expires_at", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom("facts")
            .select((f) => [
              f.val(hold.id).as("id"),
              f.val(hold.user_id).as("user_id"),
              f.val(hold.kind).as("kind"),
              "facts.id as target_id",
              f.fn.coalesce("facts.package_key", f.val("")).as("package_key"),
              f.val(hold.expires_at).as("expires_at"),
              f.val(hold.created_at).as("created_at"),
            ])
            .where((f) =>
              f.and([
                f("facts.open", "=", 1),
                f("facts.package_allowed", ">", 0),
                f("facts.available", "=", 1),
                f("facts.own_status", "is", null),
                f("facts.seats_taken", "<", f.ref("facts.capacity")),
              ]),
            ),
        )
        .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(replaceHold))
        .returning([
          "holds.id",
          "holds.user_id",
          "holds.kind",
          "holds.target_id",
          "holds.package_key",
          "holds.created_at",
        ]),
    )
    .with("logged", (qc) =>
      qc
        .insertInto("hold_log")
        .columns(["id", "user_id", "kind", "target_id", "package_key", "created_at"])
        .expression((eb) =>
          eb.selectFrom("taken").select(["id", "user_id", "kind", "target_id", "package_key", "created_at"]),
        ),
    )
    .selectFrom("hit")
    .leftJoin("facts", (join) => join.onTrue())
    .leftJoin("taken", (join) => join.onTrue())
    .selectAll("facts")
    .select(["hit.hits", "hit.resets_at", "taken.id as taken_id"]);
}
