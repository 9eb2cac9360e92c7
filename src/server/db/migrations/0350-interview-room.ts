import type { Kysely } from "kysely";

/**
 * The interview room (docs/product.md, The interview room): the shared editor's Yjs updates
 * (merged now and then, never lost), the interviewer's private notes, and the WebRTC negotiation
 * messages passed between server processes (too large for a NOTIFY payload, kept for minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("room_code_updates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("update_data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("room_code_updates_booking_idx").on("room_code_updates").column("booking_id").execute();

  await db.schema
    .createTable("room_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("at_second", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("room_notes_booking_idx")
    .on("room_notes")
    .columns(["booking_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("room_signals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("room_signals_created_idx").on("room_signals").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("room_signals").execute();
  await db.schema.dropTable("room_notes").execute();
  await db.schema.dropTable("room_code_updates").execute();
}
