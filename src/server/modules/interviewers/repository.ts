import type { InterviewerDto, PhoneOwner } from "../../../shared/schemas/interviewers.js";
import type { Executor } from "../../db/database.js";
import { decodeInterviewerCompanyTypes, decodeInterviewerDomains } from "../../db/json-columns.js";
import type { InterviewersTable } from "../../db/schema.js";

export const toInterviewerDto = (row: InterviewersTable): InterviewerDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  qualification: row.qualification,
  reviewedBy: row.reviewed_by,
  companyTypes: decodeInterviewerCompanyTypes(row.company_types),
  domains: decodeInterviewerDomains(row.domains),
  active: row.active === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toPhoneOwner = (row: InterviewersTable, upcomingBookings: number): PhoneOwner => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  upcomingBookings,
});

/** Paid or paying bookings that have not started yet on the interviewer's slots and on the workshops they host. */
export async function countUpcomingBookings(db: Executor, interviewerId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom("bookings")
    .leftJoin("slots", (join) => join.onRef("slots.id", "=", "bookings.target_id").on("bookings.kind", "=", "mock"))
    .leftJoin("workshops", (join) =>
      join.onRef("workshops.id", "=", "bookings.target_id").on("bookings.kind", "=", "workshop"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("bookings.status", "in", ["confirmed", "pending_payment"])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("slots.interviewer_id", "=", interviewerId),
          eb("slots.start_at", ">", nowIso),
          eb("slots.cancelled_at", "is", null),
        ]),
        eb.and([
          eb("workshops.host_interviewer_id", "=", interviewerId),
          eb("workshops.start_at", ">", nowIso),
          eb("workshops.cancelled_at", "is", null),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findAllInterviewers(db: Executor) {
  return db.selectFrom("interviewers").selectAll().orderBy("name").orderBy("id").execute();
}

/** Names by id, for showing who hosts what. */
export async function findInterviewerNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("interviewers").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function findInterviewerById(db: Executor, id: string) {
  return db.selectFrom("interviewers").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findInterviewerByPhoneKey(db: Executor, key: string) {
  return db.selectFrom("interviewers").selectAll().where("phone_key", "=", key).executeTakeFirst();
}

export async function insertInterviewer(db: Executor, row: InterviewersTable): Promise<void> {
  await db.insertInto("interviewers").values(row).execute();
}

export async function updateInterviewer(db: Executor, id: string, change: Partial<InterviewersTable>): Promise<void> {
  await db.updateTable("interviewers").set(change).where("id", "=", id).execute();
}

export async function deleteInterviewer(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("interviewers").where("id", "=", id).execute();
}
