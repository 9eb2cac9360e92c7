import type { Db } from "../../db/database.js";
import { internshipOpenForBooking, slotOpenForBooking, workshopOpenForBooking } from "../seats/index.js";

/** A slot as students see it, with the interviewer's recorded qualification. */
const SLOT_LISTING_COLUMNS = [
  "slots.id",
  "slots.start_at",
  "slots.end_at",
  "slots.interviewer_name",
  "slots.details",
  "slots.package_types",
  "slots.capacity",
  "interviewers.qualification as interviewer_qualification",
] as const;

/**
 * The next bookable slots (starting after the booking cut-off), at most 200: two to three weeks of a
 * busy calendar, or one day's (`beforeIso` the next day's start), with the interviewer's recorded
 * qualification.
 */
export function findPublishedUpcomingSlots(
  db: Db,
  packageKey: string,
  cutoffIso: string,
  range: { fromIso?: string; beforeIso?: string; domain?: string | undefined } = {},
  limit = 200,
) {
  let query = bookableSlotsOf(db, packageKey, cutoffIso, range.domain)
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .select(SLOT_LISTING_COLUMNS);
  if (range.fromIso) query = query.where("slots.start_at", ">=", range.fromIso);
  if (range.beforeIso) query = query.where("slots.start_at", "<", range.beforeIso);
  return query.orderBy("slots.start_at").limit(limit).execute();
}

/** A plan's slots open for booking (with a domain, only those whose interviewer covers it): what the lists and the summary read. */
function bookableSlotsOf(db: Db, packageKey: string, cutoffIso: string, domain?: string) {
  const query = db
    .selectFrom("slots")
    .where(slotOpenForBooking(cutoffIso))
    // package_types is a JSON array of fixed keys, so the quoted key is an exact token.
    .where("slots.package_types", "like", `%"${packageKey}"%`);
  return domain === undefined ? query : query.where("slots.interviewer_id", "in", interviewersCovering(db, domain));
}

/** The interviewers who cover a mock-interview domain (interviewers.domains: a JSON array of fixed keys). */
export function interviewersCovering(db: Db, domain: string) {
  return db.selectFrom("interviewers").select("interviewers.id").where("interviewers.domains", "like", `%"${domain}"%`);
}

/**
 * What a plan's days summary counts: each bookable slot's start and capacity up to `beforeIso`, earliest
 * first, at most `limit` (the same index range as the list).
 */
export function findPublishedSlotStarts(
  db: Db,
  packageKey: string,
  cutoffIso: string,
  beforeIso: string,
  limit: number,
  domain?: string,
) {
  return bookableSlotsOf(db, packageKey, cutoffIso, domain)
    .select(["slots.id", "slots.start_at", "slots.capacity", "slots.interviewer_name"])
    .where("slots.start_at", "<", beforeIso)
    .orderBy("slots.start_at")
    .limit(limit)
    .execute();
}

/** One published slot that was not cancelled, whatever its start (a held seat's, for its day and summary). */
export function findPublishedSlot(db: Db, id: string) {
  return db
    .selectFrom("slots")
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .select(SLOT_LISTING_COLUMNS)
    .where("slots.id", "=", id)
    .where("slots.status", "=", "published")
    .where("slots.cancelled_at", "is", null)
    .executeTakeFirst();
}

/** Workshop sessions starting after the booking cut-off, with the host's name and qualification when one is set. */
export function findPublishedUpcomingWorkshops(db: Db, cutoffIso: string) {
  return db
    .selectFrom("workshops")
    .leftJoin("interviewers", "interviewers.id", "workshops.host_interviewer_id")
    .selectAll("workshops")
    .select(["interviewers.name as host_name", "interviewers.qualification as host_qualification"])
    .where(workshopOpenForBooking(cutoffIso))
    .orderBy("workshops.start_at")
    .limit(200)
    .execute();
}

/** The earliest internship that has not started (start date after today in the platform zone). */
export function findEarliestUpcomingInternship(db: Db, today: string) {
  return db
    .selectFrom("internships")
    .selectAll()
    .where(internshipOpenForBooking(today))
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
    .where(internshipOpenForBooking(today))
    .orderBy("start_date")
    .orderBy("created_at")
    .limit(200)
    .execute();
}
