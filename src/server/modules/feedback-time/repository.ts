import type { Executor } from "../../db/database.js";
import type { FeedbackWaitDaysTable } from "../../db/schema.js";

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

/** The kept waits of the UTC days from `first` to `last` (both included). */
export function findKeptWaitDays(db: Executor, first: string, last: string) {
  return db
    .selectFrom("feedback_wait_days")
    .select(["day", "waits"])
    .where("day", ">=", first)
    .where("day", "<=", last)
    .execute();
}

/** Keeps settled days' waits; a day another request kept meanwhile is left as it is. */
export async function insertKeptWaitDays(db: Executor, days: FeedbackWaitDaysTable[]) {
  for (let i = 0; i < days.length; i += 200) {
    await db
      .insertInto("feedback_wait_days")
      .values(days.slice(i, i + 200))
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
  }
}
