import type { Compilable } from "kysely";
import type { CatalogKey } from "../../../shared/constants.js";
import { createStatementCache } from "../../db/compiled-statements.js";
import type { HoldRequest } from "./hold-request.js";

/** The hot statements of holding and releasing, compiled once per shape (and prepared on PostgreSQL). */
export const statements = createStatementCache();

/**
 * A query of the hold (PostgreSQL's statement, SQLite's facts), compiled once per kind and per
 * "plan asked for or not" (the only choices that change its SQL); every other value is a parameter.
 */
export function compiledForHold<O>(
  query: string,
  request: HoldRequest,
  build: (request: HoldRequest) => Compilable<O>,
) {
  const { hold, wantedPackage, budget } = request;
  const { kind } = hold;
  const values = {
    id: hold.id,
    userId: hold.user_id,
    targetId: hold.target_id,
    expiresAt: hold.expires_at,
    createdAt: hold.created_at,
    nowIso: request.nowIso,
    cutoffIso: request.cutoffIso,
    today: request.today,
    budgetKey: budget.key,
    budgetResetsAt: budget.resetsAt,
    budgetNowMs: budget.nowMs,
    budgetMax: budget.max,
    ...(wantedPackage ? { wanted: wantedPackage as string } : {}),
  };
  return statements(`${query}:${kind}:${wantedPackage ? "plan" : "first"}`, values, (v) =>
    build({
      hold: {
        id: v.id,
        user_id: v.userId,
        kind,
        target_id: v.targetId,
        expires_at: v.expiresAt,
        created_at: v.createdAt,
      },
      wantedPackage: v.wanted as CatalogKey | undefined,
      nowIso: v.nowIso,
      cutoffIso: v.cutoffIso,
      today: v.today,
      budget: { key: v.budgetKey, resetsAt: v.budgetResetsAt, nowMs: v.budgetNowMs, max: v.budgetMax },
    }),
  );
}
