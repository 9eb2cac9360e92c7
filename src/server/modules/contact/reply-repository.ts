import type { Executor } from "../../db/database.js";
import type { ContactRepliesTable } from "../../db/schema.js";

export async function insertContactReply(db: Executor, reply: ContactRepliesTable): Promise<void> {
  await db.insertInto("contact_replies").values(reply).execute();
}

/** The replies to these messages, oldest first. */
export function findRepliesToContactMessages(db: Executor, messageIds: readonly string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("contact_replies")
    .selectAll()
    .where("message_id", "in", [...messageIds])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** A reply with the message it answers, for its mail. */
export function findReplyWithMessage(db: Executor, replyId: string) {
  return db
    .selectFrom("contact_replies as r")
    .innerJoin("contact_messages as m", "m.id", "r.message_id")
    .select([
      "r.id",
      "r.body",
      "r.sent_at as sentAt",
      "m.name",
      "m.email",
      "m.subject",
      "m.message",
      "m.created_at as askedAt",
    ])
    .where("r.id", "=", replyId)
    .executeTakeFirst();
}

export async function markReplySent(db: Executor, replyId: string, sentAt: string): Promise<void> {
  await db.updateTable("contact_replies").set({ sent_at: sentAt }).where("id", "=", replyId).execute();
}
