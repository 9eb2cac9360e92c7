import type { Executor } from "../../db/database.js";

/** Messages newest first, `limit` at a time, after the position where the previous page ended. */
export function findRecentContactMessages(
  db: Executor,
  page: { before?: { createdAt: string; id: string } | undefined; limit: number },
) {
  const { before } = page;
  let query = db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit);
  if (before) {
    query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)));
  }
  return query.execute();
}

export async function countUnhandledContactMessages(db: Executor): Promise<number> {
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

export async function setContactMessageHandledAt(db: Executor, id: string, handledAt: string | null): Promise<void> {
  await db.updateTable("contact_messages").set({ handled_at: handledAt }).where("id", "=", id).execute();
}
