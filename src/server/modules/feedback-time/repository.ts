import type { Executor } from "../../db/database.js";

/**
 * When each mock session written up from `fromIso` (up to `toIso`) ended and when its scorecard was
 * first saved. Only a mock interview's booking targets a slot, so the join names the kind, and the
 * scorecards' time index drives the read (docs/benchmarks.md, Scale).
 */
export function findFeedbackTimesBetween(db: Executor, fromIso: string, toIso?: string) {
  let query = db
    .selectFrom("scorecards")
    .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .select(["slots.end_at as endedAt", "scorecards.created_at as scoredAt"])
    .where("scorecards.created_at", ">=", fromIso);
  if (toIso) query = query.where("scorecards.created_at", "<", toIso);
  return query.execute();
}

/** A settled span of scorecards' first saves: a UTC day (`YYYY-MM-DD`) or hour (`YYYY-MM-DDTHH`). */
export type KeptSpan = "day" | "hour";
export type KeptWaits = { key: string; waits: string; rolled_at: string };

/**
 * The kept waits of these UTC days (consecutive: read as their range) or hours (named one by one: the
 * window's two ends, 90 days apart, with the hours kept in between left out).
 */
export function findKeptWaits(db: Executor, span: KeptSpan, keys: readonly string[]): Promise<KeptWaits[]> {
  if (keys.length === 0) return Promise.resolve([]);
  if (span === "hour") {
    return db
      .selectFrom("feedback_wait_hours")
      .select(["hour as key", "waits", "rolled_at"])
      .where("hour", "in", keys)
      .execute();
  }
  return db
    .selectFrom("feedback_wait_days")
    .select(["day as key", "waits", "rolled_at"])
    .where("day", ">=", keys[0] ?? "")
    .where("day", "<=", keys.at(-1) ?? "")
    .execute();
}

/** Keeps settled spans' waits, 200 rows a statement; one another request kept meanwhile is left as it is. */
export async function insertKeptWaits(db: Executor, span: KeptSpan, rows: KeptWaits[]) {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    if (span === "hour") {
      await db
        .insertInto("feedback_wait_hours")
        .values(chunk.map(({ key, ...row }) => ({ hour: key, ...row })))
        .onConflict((oc) => oc.column("hour").doNothing())
        .execute();
    } else {
      await db
        .insertInto("feedback_wait_days")
        .values(chunk.map(({ key, ...row }) => ({ day: key, ...row })))
        .onConflict((oc) => oc.column("day").doNothing())
        .execute();
    }
  }
}
