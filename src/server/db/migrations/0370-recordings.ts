import type { Kysely } from "kysely";

/**
 * Recordings of the interview room (docs/privacy.md, Recordings): the consent is kept per
 * booking; each person's own recording is one row, uploaded resumably, then stored as a file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("recording_consents")
    .addColumn("booking_id", "text", (c) => c.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("asked_at", "text", (c) => c.notNull())
    .addColumn("consent", "text")
    .addColumn("answered_at", "text")
    .execute();

  await db.schema
    .createTable("recordings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("participant", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("upload_id", "text", (c) => c.notNull().unique())
    .addColumn("storage_key", "text")
    .addColumn("size_bytes", "integer")
    .addColumn("duration_ms", "integer")
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("recordings_booking_participant_idx")
    .on("recordings")
    .columns(["booking_id", "participant"])
    .unique()
    .execute();
  await db.schema.createIndex("recordings_created_idx").on("recordings").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recordings").execute();
  await db.schema.dropTable("recording_consents").execute();
}
