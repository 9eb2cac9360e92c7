import { personName } from "../../../shared/person-name.js";
import type { Db, Executor } from "../../db/database.js";
import type { BookingStatus, RoomNotesTable } from "../../db/schema.js";
import { findCatalogLabel } from "../catalog/index.js";

/**
 * A booked mock interview, or an internship's onboarding call with its mentor, as its room needs
 * it: who may enter, when, and what they see.
 */
export interface RoomBooking {
  bookingId: string;
  /** The mock interview's slot, whose changes close the room; null for an onboarding call. */
  slotId: string | null;
  status: BookingStatus;
  studentUserId: string;
  studentName: string;
  interviewerName: string;
  interviewerEmail: string;
  title: string;
  startAt: string;
  endAt: string;
  meetingLink: string | null;
  resumeUrl: string | null;
}

export async function findRoomBooking(db: Db, bookingId: string): Promise<RoomBooking | undefined> {
  return (await findMockRoom(db, bookingId)) ?? (await findOnboardingRoom(db, bookingId));
}

async function findMockRoom(db: Db, bookingId: string): Promise<RoomBooking | undefined> {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("slots", "slots.id", "bookings.target_id")
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("resumes", "resumes.user_id", "bookings.user_id")
    .select([
      "bookings.id as bookingId",
      "slots.id as slotId",
      "bookings.status",
      "bookings.user_id as studentUserId",
      "bookings.package_key as packageKey",
      "user.name as accountName",
      "user.email as studentEmail",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "slots.start_at as startAt",
      "slots.end_at as endAt",
      "resumes.url as resumeUrl",
    ])
    .select((eb) => [
      eb.fn.coalesce("bookings.meeting_link", "slots.meeting_link").as("meetingLink"),
      // A slot names its interviewer's record when it has one, else only their name and address.
      eb.fn.coalesce("interviewers.name", "slots.interviewer_name").as("interviewerName"),
      eb.fn.coalesce("interviewers.email", "slots.interviewer_email").as("interviewerEmail"),
    ])
    .where("bookings.id", "=", bookingId)
    .where("bookings.kind", "=", "mock")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    bookingId: row.bookingId,
    slotId: row.slotId,
    status: row.status,
    studentUserId: row.studentUserId,
    studentName:
      personName({
        firstName: row.firstName,
        lastName: row.lastName,
        accountName: row.accountName,
        email: row.studentEmail,
      }) || row.studentEmail,
    interviewerName: row.interviewerName,
    interviewerEmail: row.interviewerEmail,
    title: `${await findCatalogLabel(db, row.packageKey)} mock interview`,
    startAt: row.startAt,
    endAt: row.endAt,
    meetingLink: row.meetingLink,
    resumeUrl: row.resumeUrl,
  };
}

/** An internship booking's onboarding call: the student and the mentor meet in the booking's room. */
async function findOnboardingRoom(db: Db, bookingId: string): Promise<RoomBooking | undefined> {
  const row = await db
    .selectFrom("bookings")
    .innerJoin("onboarding_calls", "onboarding_calls.booking_id", "bookings.id")
    .innerJoin("interviewers", "interviewers.id", "onboarding_calls.mentor_id")
    .innerJoin("internships", "internships.id", "bookings.target_id")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("resumes", "resumes.user_id", "bookings.user_id")
    .select([
      "bookings.id as bookingId",
      "bookings.status",
      "bookings.user_id as studentUserId",
      "user.name as accountName",
      "user.email as studentEmail",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "interviewers.name as interviewerName",
      "interviewers.email as interviewerEmail",
      "internships.title as batchTitle",
      "onboarding_calls.start_at as startAt",
      "onboarding_calls.end_at as endAt",
      "onboarding_calls.join_url as meetingLink",
      "resumes.url as resumeUrl",
    ])
    .where("bookings.id", "=", bookingId)
    .where("bookings.kind", "=", "internship")
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    bookingId: row.bookingId,
    slotId: null,
    status: row.status,
    studentUserId: row.studentUserId,
    studentName:
      personName({
        firstName: row.firstName,
        lastName: row.lastName,
        accountName: row.accountName,
        email: row.studentEmail,
      }) || row.studentEmail,
    interviewerName: row.interviewerName,
    interviewerEmail: row.interviewerEmail,
    title: `Onboarding call: ${row.batchTitle}`,
    startAt: row.startAt,
    endAt: row.endAt,
    meetingLink: row.meetingLink,
    resumeUrl: row.resumeUrl,
  };
}

export interface CodeUpdateRow {
  id: string;
  update_data: string;
}

export async function insertCodeUpdate(
  db: Executor,
  row: { id: string; bookingId: string; update: string; now: string },
): Promise<void> {
  await db
    .insertInto("room_code_updates")
    .values({ id: row.id, booking_id: row.bookingId, update_data: row.update, created_at: row.now })
    .execute();
}

export async function findCodeUpdates(db: Executor, bookingId: string): Promise<CodeUpdateRow[]> {
  return db
    .selectFrom("room_code_updates")
    .select(["id", "update_data"])
    .where("booking_id", "=", bookingId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findCodeUpdateById(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("room_code_updates").select("update_data").where("id", "=", id).executeTakeFirst();
  return row?.update_data;
}

export async function deleteCodeUpdates(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("room_code_updates").where("id", "in", ids).execute();
}

export async function insertNote(db: Db, note: RoomNotesTable): Promise<void> {
  await db.insertInto("room_notes").values(note).execute();
}

/** One page of a session's notes in the order they were written, after the (createdAt, id) cursor. */
export async function findNotesPage(
  db: Db,
  bookingId: string,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<RoomNotesTable[]> {
  let query = db.selectFrom("room_notes").selectAll().where("booking_id", "=", bookingId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", ">", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", ">", after.id)]),
      ]),
    );
  }
  return query.orderBy("created_at").orderBy("id").limit(limit).execute();
}

export async function insertSignal(db: Db, row: { id: string; bookingId: string; body: string; now: string }) {
  await db
    .insertInto("room_signals")
    .values({ id: row.id, booking_id: row.bookingId, body: row.body, created_at: row.now })
    .execute();
}

export async function findSignalBody(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("room_signals").select("body").where("id", "=", id).executeTakeFirst();
  return row?.body;
}

export async function deleteSignalsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom("room_signals").where("created_at", "<", before).execute();
}
