import type { Kysely } from "kysely";

/**
 * A recording in parts (docs/decisions/0410-recordings-in-parts.md): a reloaded page adds the next
 * part of that person's recording and keeps the earlier one. The consent row says when recording
 * was stopped; each part may carry a WebVTT caption file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("recordings")
    .addColumn("part", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("recordings").addColumn("captions_key", "text").execute();
  await db.schema.dropIndex("recordings_booking_participant_idx").execute();
  await db.schema
    .createIndex("recordings_booking_participant_part_idx")
    .on("recordings")
    .columns(["booking_id", "participant", "part"])
    .unique()
    .execute();
  await db.schema.alterTable("recording_consents").addColumn("stopped_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("recording_consents").dropColumn("stopped_at").execute();
  await db.schema.dropIndex("recordings_booking_participant_part_idx").execute();
  await db
    .deleteFrom("recordings" as never)
    .where("part" as never, ">", 1 as never)
    .execute();
  await db.schema
    .createIndex("recordings_booking_participant_idx")
    .on("recordings")
    .columns(["booking_id", "participant"])
    .unique()
    .execute();
  await db.schema.alterTable("recordings").dropColumn("captions_key").execute();
  await db.schema.alterTable("recordings").dropColumn("part").execute();
}
