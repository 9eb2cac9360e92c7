import type { Db } from "../../db/database.js";

/** The next 200 slots: two to three weeks of a busy calendar, all a student chooses from at once. */
export function findPublishedUpcomingSlots(db: Db, packageKey: string, nowIso: string, limit = 200) {
  return (
    db
      .selectFrom("slots")
      .select(["id", "start_at", "end_at", "interviewer_name", "details", "package_types", "capacity"])
      .where("status", "=", "published")
      .where("cancelled_at", "is", null)
      .where("start_at", ">=", nowIso)
      // package_types is a JSON array of fixed keys, so the quoted key is an exact token.
      .where("package_types", "like", `%"${packageKey}"%`)
      .orderBy("start_at")
      .limit(limit)
      .execute()
  );
}

export function findPublishedUpcomingWorkshops(db: Db, nowIso: string) {
  return db
    .selectFrom("workshops")
    .selectAll()
    .where("status", "=", "published")
    .where("cancelled_at", "is", null)
    .where("start_at", ">", nowIso)
    .orderBy("start_at")
    .limit(200)
    .execute();
}

/** The earliest internship that has not started (start date after today in the platform zone). */
export function findEarliestUpcomingInternship(db: Db, today: string) {
  return db
    .selectFrom("internships")
    .selectAll()
    .where("start_date", ">", today)
    .orderBy("start_date")
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
}
