import type { CatalogLabeler } from "../../../shared/catalog-label.js";
import { DOMAIN_LABELS, DOMAINS, type Domain, PAID_STATUSES } from "../../../shared/constants.js";
import { personName } from "../../../shared/person-name.js";
import type { HostedWorkshop, InterviewerSession } from "../../../shared/schemas/interviewer.js";
import type { Db } from "../../db/database.js";
import type { InterviewersTable } from "../../db/schema.js";
import { findCatalogLabels } from "../catalog/index.js";

/** The interviewer record of a signed-in e-mail address (addresses are stored as typed; compared lower-case). */
export async function findInterviewerByEmail(db: Db, email: string): Promise<InterviewersTable | undefined> {
  return db
    .selectFrom("interviewers")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

export async function findInterviewerByCalendarToken(db: Db, token: string): Promise<InterviewersTable | undefined> {
  return db
    .selectFrom("interviewer_calendars")
    .innerJoin("interviewers", "interviewers.id", "interviewer_calendars.interviewer_id")
    .selectAll("interviewers")
    .where("interviewer_calendars.token", "=", token)
    .executeTakeFirst();
}

export async function findCalendarToken(db: Db, interviewerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("interviewer_calendars")
    .select("token")
    .where("interviewer_id", "=", interviewerId)
    .executeTakeFirst();
  return row?.token;
}

/** Sets (or replaces) the interviewer's feed token. */
export async function saveCalendarToken(db: Db, interviewerId: string, token: string, now: string): Promise<void> {
  await db
    .insertInto("interviewer_calendars")
    .values({ interviewer_id: interviewerId, token, created_at: now })
    .onConflict((oc) => oc.column("interviewer_id").doUpdateSet({ token, created_at: now }))
    .execute();
}

type SessionRow = Omit<InterviewerSession, "title" | "hasScorecard" | "studentName" | "status" | "domain"> & {
  status: string;
  domain: string | null;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  scorecardId: string | null;
};

/**
 * The interviewer's booked mock interviews (paid, held or marked afterwards), soonest first. The
 * student's name is their profile name, else their account's name, else their e-mail address.
 */
export async function findSessionsOfInterviewer(
  db: Db,
  interviewerId: string,
  bookingId?: string,
): Promise<InterviewerSession[]> {
  let query = db
    .selectFrom("bookings")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("resumes", "resumes.user_id", "bookings.user_id")
    .leftJoin("scorecards", "scorecards.booking_id", "bookings.id")
    .select([
      "bookings.id as bookingId",
      "slots.id as slotId",
      "bookings.package_key as packageKey",
      "bookings.domain",
      "slots.start_at as startAt",
      "slots.end_at as endAt",
      "bookings.status",
      "user.name as userName",
      "user.email as studentEmail",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "resumes.url as resumeUrl",
      "scorecards.id as scorecardId",
    ])
    .select((eb) => eb.fn.coalesce("bookings.meeting_link", "slots.meeting_link").as("meetingLink"))
    .where("bookings.kind", "=", "mock")
    .where("slots.interviewer_id", "=", interviewerId)
    .where("bookings.status", "in", PAID_STATUSES);
  if (bookingId) query = query.where("bookings.id", "=", bookingId);
  const [rows, label] = await Promise.all([
    query.orderBy("slots.start_at", "asc").execute() as Promise<SessionRow[]>,
    findCatalogLabels(db),
  ]);
  return rows.map((row) => toSession(row, label));
}

const isDomain = (value: string | null): value is Domain => (DOMAINS as readonly (string | null)[]).includes(value);

function toSession(row: SessionRow, label: CatalogLabeler): InterviewerSession {
  const domain = isDomain(row.domain) ? row.domain : null;
  return {
    bookingId: row.bookingId,
    slotId: row.slotId,
    packageKey: row.packageKey,
    domain,
    title: `${label(row.packageKey)} mock interview${domain ? `, ${DOMAIN_LABELS[domain]}` : ""}`,
    startAt: row.startAt,
    endAt: row.endAt,
    status: row.status as InterviewerSession["status"],
    studentName:
      personName({
        firstName: row.firstName,
        lastName: row.lastName,
        accountName: row.userName,
        email: row.studentEmail,
      }) || row.studentEmail,
    studentEmail: row.studentEmail,
    resumeUrl: row.resumeUrl,
    meetingLink: row.meetingLink,
    hasScorecard: row.scorecardId !== null,
  };
}

/** The workshop sessions the interviewer hosts that have not ended and are not cancelled, soonest first. */
export async function findHostedWorkshops(db: Db, interviewerId: string, nowIso: string): Promise<HostedWorkshop[]> {
  const rows = await db
    .selectFrom("workshops")
    .select((eb) => [
      "workshops.id",
      "workshops.title",
      "workshops.level",
      "workshops.start_at as startAt",
      "workshops.end_at as endAt",
      "workshops.meeting_link as meetingLink",
      "workshops.capacity",
      "workshops.status",
      eb
        .selectFrom("bookings")
        .select((b) => b.fn.countAll<number>().as("n"))
        .whereRef("bookings.target_id", "=", "workshops.id")
        .where("bookings.kind", "=", "workshop")
        .where("bookings.status", "=", "confirmed")
        .as("booked"),
    ])
    .where("workshops.host_interviewer_id", "=", interviewerId)
    .where("workshops.cancelled_at", "is", null)
    .where("workshops.end_at", ">", nowIso)
    .orderBy("workshops.start_at", "asc")
    .execute();
  return rows.map((row) => ({
    ...row,
    booked: Number(row.booked ?? 0),
    status: row.status === "draft" ? "draft" : "published",
  }));
}
