import type { Kysely } from "kysely";

/**
 * An admin's replies to a contact message (docs/admin.md, Messages): mailed to the sender and kept
 * as the message's thread; `sent_at` is set once the mail has gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("author_email", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("contact_replies_message_idx")
    .on("contact_replies")
    .columns(["message_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_replies").execute();
}
