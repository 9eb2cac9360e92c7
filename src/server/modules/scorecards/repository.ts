import { everyColumn, ofTable } from "../../db/columns.js";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Db, Executor } from "../../db/database.js";
import type { ScorecardsTable } from "../../db/schema.js";

export async function findScorecardByBooking(db: Executor, bookingId: string): Promise<ScorecardsTable | undefined> {
  return db.selectFrom("scorecards").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

const SCORECARD_COLUMNS = everyColumn<ScorecardsTable>()([
  "id",
  "booking_id",
  "scores",
  "overall",
  "tags",
  "notes",
  "recording_url",
  "created_by",
  "created_at",
  "updated_at",
]);

/** Scorecards of one student's bookings (a student reads only their own). */
export async function findScorecardsByUser(
  db: Db,
  userId: string,
): Promise<Array<ScorecardsTable & { package_key: string }>> {
  return readCompiled(db, "scorecards of a user", { userId }, (v) =>
    db
      .selectFrom("scorecards")
      .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
      .select([...ofTable("scorecards", SCORECARD_COLUMNS), "bookings.package_key"])
      .where("bookings.user_id", "=", v.userId)
      .orderBy("scorecards.created_at", "desc"),
  );
}

/** One scorecard, only if the booking belongs to the user. */
export async function findScorecardOfUserBooking(
  db: Db,
  userId: string,
  bookingId: string,
): Promise<(ScorecardsTable & { package_key: string }) | undefined> {
  return db
    .selectFrom("scorecards")
    .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
    .selectAll("scorecards")
    .select("bookings.package_key")
    .where("scorecards.booking_id", "=", bookingId)
    .where("bookings.user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertScorecard(db: Executor, row: ScorecardsTable): Promise<void> {
  await db.insertInto("scorecards").values(row).execute();
}

export async function updateScorecard(
  db: Executor,
  bookingId: string,
  changes: Pick<ScorecardsTable, "scores" | "overall" | "tags" | "notes" | "recording_url" | "updated_at">,
): Promise<void> {
  await db.updateTable("scorecards").set(changes).where("booking_id", "=", bookingId).execute();
}
