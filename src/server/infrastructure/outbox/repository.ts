import { randomUUID } from "node:crypto";
import { type Db, nowIso } from "../../db/database.js";
import type { MailAttachment } from "../mail/message.js";

export async function saveOutboxMessage(
  db: Db,
  message: {
    channel: "email" | "sms";
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: MailAttachment[];
  },
): Promise<void> {
  await db
    .insertInto("outbox_messages")
    .values({
      id: randomUUID(),
      channel: message.channel,
      to_address: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ? JSON.stringify(message.attachments) : null,
      created_at: nowIso(),
    })
    .execute();
}

export async function findRecentOutboxMessages(db: Db, limit: number) {
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
