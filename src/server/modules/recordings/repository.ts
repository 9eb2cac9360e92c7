import { everyColumn, ofTable } from "../../db/columns.js";
import type { Db, Executor } from "../../db/database.js";
import type { RecordingConsent, RecordingsTable } from "../../db/schema.js";

export type RecordingRow = RecordingsTable;

const RECORDING_COLUMNS = everyColumn<RecordingsTable>()([
  "id",
  "booking_id",
  "participant",
  "part",
  "user_id",
  "status",
  "upload_id",
  "storage_key",
  "size_bytes",
  "duration_ms",
  "content_type",
  "captions_key",
  "created_at",
  "updated_at",
]);

export async function findConsent(db: Executor, bookingId: string) {
  return db.selectFrom("recording_consents").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

export async function markConsentAsked(db: Executor, bookingId: string, at: string): Promise<void> {
  await db
    .insertInto("recording_consents")
    .values({ booking_id: bookingId, asked_at: at, consent: null, answered_at: null, stopped_at: null })
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .execute();
}

/** Records the answer once: a second answer changes nothing (the caller reads back what stands). */
export async function saveConsentAnswer(
  db: Executor,
  bookingId: string,
  consent: RecordingConsent,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("recording_consents")
    .set({ consent, answered_at: at })
    .where("booking_id", "=", bookingId)
    .where("consent", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRecording(db: Executor, row: RecordingRow): Promise<void> {
  await db.insertInto("recordings").values(row).execute();
}

export async function findRecordingsOfBooking(db: Executor, bookingId: string): Promise<RecordingRow[]> {
  return db
    .selectFrom("recordings")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("participant")
    .orderBy("part")
    .execute();
}

/** The first stop counts; stopping again changes nothing. */
export async function markRecordingStopped(db: Executor, bookingId: string, at: string): Promise<void> {
  await db
    .updateTable("recording_consents")
    .set({ stopped_at: at })
    .where("booking_id", "=", bookingId)
    .where("stopped_at", "is", null)
    .execute();
}

export async function setRecordingCaptions(db: Executor, id: string, captionsKey: string, at: string): Promise<void> {
  await db.updateTable("recordings").set({ captions_key: captionsKey, updated_at: at }).where("id", "=", id).execute();
}

export async function findRecordingByUpload(db: Executor, uploadId: string): Promise<RecordingRow | undefined> {
  return db.selectFrom("recordings").selectAll().where("upload_id", "=", uploadId).executeTakeFirst();
}

export async function findRecordingById(db: Executor, id: string): Promise<RecordingRow | undefined> {
  return db.selectFrom("recordings").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function markRecordingUploaded(
  db: Executor,
  id: string,
  file: { storageKey: string; sizeBytes: number; durationMs: number },
  at: string,
): Promise<void> {
  await db
    .updateTable("recordings")
    .set({
      status: "uploaded",
      storage_key: file.storageKey,
      size_bytes: file.sizeBytes,
      duration_ms: file.durationMs,
      updated_at: at,
    })
    .where("id", "=", id)
    .execute();
}

/** Both sides in: the booking's recordings become ready together. */
export async function markBookingRecordingsReady(db: Executor, bookingId: string, at: string): Promise<number> {
  const result = await db
    .updateTable("recordings")
    .set({ status: "ready", updated_at: at })
    .where("booking_id", "=", bookingId)
    .where("status", "=", "uploaded")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteRecordings(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("recordings").where("id", "in", ids).execute();
}

export async function findRecordingsCreatedBefore(db: Db, before: string, limit: number): Promise<RecordingRow[]> {
  return db
    .selectFrom("recordings")
    .selectAll()
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(limit)
    .execute();
}

/** Every recording of the student's sessions (erasure and the data export). */
export async function findRecordingsOfStudent(db: Executor, userId: string): Promise<RecordingRow[]> {
  return db
    .selectFrom("recordings")
    .innerJoin("bookings", "bookings.id", "recordings.booking_id")
    .select(ofTable("recordings", RECORDING_COLUMNS))
    .where("bookings.user_id", "=", userId)
    .orderBy("recordings.created_at")
    .execute();
}
