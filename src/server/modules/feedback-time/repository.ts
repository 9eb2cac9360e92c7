import type { Db } from "../../db/database.js";

/**
 * When each mock session written up since `sinceIso` ended and when its scorecard was first saved.
 * Only a mock interview's booking targets a slot, so the join names the kind, and the scorecards'
 * time index drives the read (docs/benchmarks.md, Scale).
 */
export function findFeedbackTimesSince(db: Db, sinceIso: string) {
  return db
    .selectFrom("scorecards")
    .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .select(["slots.end_at as endedAt", "scorecards.created_at as scoredAt"])
    .where("scorecards.created_at", ">=", sinceIso)
    .execute();
}
