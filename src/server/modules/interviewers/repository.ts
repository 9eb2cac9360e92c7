import type { Transaction } from "kysely";
import type { CompanyType } from "../../../shared/constants.js";
import type { InterviewerDto, PhoneOwner } from "../../../shared/schemas/interviewers.js";
import type { Db } from "../../db/database.js";
import type { Database, InterviewersTable } from "../../db/schema.js";

type Executor = Db | Transaction<Database>;

export const toInterviewerDto = (row: InterviewersTable): InterviewerDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  qualification: row.qualification,
  reviewedBy: row.reviewed_by,
  companyTypes: JSON.parse(row.company_types) as CompanyType[],
  active: row.active === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toPhoneOwner = (row: InterviewersTable): PhoneOwner => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
});

export function findAllInterviewers(db: Executor) {
  return db.selectFrom("interviewers").selectAll().orderBy("name").orderBy("id").execute();
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
