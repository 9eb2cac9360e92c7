import type { Executor } from "../../db/database.js";

export function findRecentContactMessages(db: Executor, limit: number) {
  return db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function countUnhandledMessages(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("handled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findContactMessageById(db: Executor, id: string) {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function setMessageHandledAt(db: Executor, id: string, handledAt: string | null): Promise<void> {
  await db.updateTable("contact_messages").set({ handled_at: handledAt }).where("id", "=", id).execute();
}
