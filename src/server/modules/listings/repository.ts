import type { Db } from "../../db/database.js";

/**
 * The next 200 bookable slots (starting after the booking cut-off): two to three weeks of a busy
 * calendar, all a student chooses from at once, with the interviewer's recorded qualification.
 */
export function findPublishedUpcomingSlots(db: Db, packageKey: string, cutoffIso: string, limit = 200) {
  return (
    db
      .selectFrom("slots")
      .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
      .select([
        "slots.id",
        "slots.start_at",
        "slots.end_at",
        "slots.interviewer_name",
        "slots.details",
        "slots.package_types",
        "slots.capacity",
        "interviewers.qualification as interviewer_qualification",
      ])
      .where("slots.status", "=", "published")
      .where("slots.cancelled_at", "is", null)
      .where("slots.start_at", ">", cutoffIso)
      // package_types is a JSON array of fixed keys, so the quoted key is an exact token.
      .where("slots.package_types", "like", `%"${packageKey}"%`)
      .orderBy("slots.start_at")
      .limit(limit)
      .execute()
  );
}

/** Workshop sessions starting after the booking cut-off, with the host's name and qualification when one is set. */
export function findPublishedUpcomingWorkshops(db: Db, cutoffIso: string) {
  return db
    .selectFrom("workshops")
    .leftJoin("interviewers", "interviewers.id", "workshops.host_interviewer_id")
    .selectAll("workshops")
    .select(["interviewers.name as host_name", "interviewers.qualification as host_qualification"])
    .where("workshops.status", "=", "published")
    .where("workshops.cancelled_at", "is", null)
    .where("workshops.start_at", ">", cutoffIso)
    .orderBy("workshops.start_at")
    .limit(200)
    .execute();
}

/** The earliest internship that has not started (start date after today in the platform zone). */
export function findEarliestUpcomingInternship(db: Db, today: string) {
  return db
    .selectFrom("internships")
    .selectAll()
    .where("start_date", ">", today)
    .where("cancelled_at", "is", null)
    .orderBy("start_date")
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
}

/** Every internship that has not started, of every track, earliest first (at most 200). */
export function findUpcomingInternships(db: Db, today: string) {
  return db
    .selectFrom("internships")
    .selectAll()
    .where("start_date", ">", today)
    .where("cancelled_at", "is", null)
    .orderBy("start_date")
    .orderBy("created_at")
    .limit(200)
    .execute();
}
