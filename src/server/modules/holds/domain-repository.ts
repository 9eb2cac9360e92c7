import type { Executor } from "../../db/database.js";

/** A slot's interviewer's domains (a JSON array), null without an interviewer; undefined when no such slot. */
export function findSlotInterviewerDomains(db: Executor, slotId: string) {
  return db
    .selectFrom("slots")
    .leftJoin("interviewers", "interviewers.id", "slots.interviewer_id")
    .select(["slots.id", "interviewers.domains"])
    .where("slots.id", "=", slotId)
    .executeTakeFirst();
}

export async function setHoldDomain(db: Executor, holdId: string, domain: string): Promise<void> {
  await db.updateTable("holds").set({ domain }).where("id", "=", holdId).execute();
}
