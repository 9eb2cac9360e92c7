import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { RECORDING_CONTENT_TYPE, RECORDING_MAX_PARTS } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import type { RecordingParticipant } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findRoomAccess, requireOpenRoom } from "../rooms/service.js";
import {
  deleteRecordings,
  findConsent,
  findRecordingByUpload,
  findRecordingsOfBooking,
  insertRecording,
  markBookingRecordingsReady,
  markRecordingUploaded,
  type RecordingRow,
} from "./repository.js";
import { closeUploadAsItIs, uploadStagingOf } from "./staging.js";
import { readWebm, startsLikeEbml } from "./webm.js";

export interface UploadGrant {
  bookingId: string;
  participant: RecordingParticipant;
  userId: string;
  part: number;
}

/**
 * Before a recording's upload is created: one of the session's two people, room open, consent
 * given and recording not stopped. A part still uploading is that person's page before a reload:
 * it is closed at what arrived and kept, and the new upload becomes the next part.
 */
export async function grantUpload(deps: AppDeps, user: SessionUser, bookingId: string): Promise<UploadGrant> {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  requireOpenRoom(deps, booking, Date.now());
  const consent = await findConsent(deps.db, booking.bookingId);
  if (consent?.consent !== "accepted") throw new AppError("CONFLICT", RECORDING_MESSAGES.notConsented);
  if (consent.stopped_at) throw new AppError("CONFLICT", RECORDING_MESSAGES.stopped);
  const parts = (await findRecordingsOfBooking(deps.db, booking.bookingId)).filter((r) => r.participant === role);
  if (parts.length >= RECORDING_MAX_PARTS) throw new AppError("CONFLICT", RECORDING_MESSAGES.tooManyParts);
  for (const part of parts) if (part.status === "uploading") await closeAbandonedUpload(deps, part);
  const part = Math.max(0, ...parts.map((r) => r.part)) + 1;
  return { bookingId: booking.bookingId, participant: role, userId: user.id, part };
}

/** Keeps what arrived of an upload whose page is gone; a part with nothing playable goes. */
async function closeAbandonedUpload(deps: AppDeps, row: RecordingRow): Promise<void> {
  try {
    await closeUploadAsItIs(await uploadStagingOf(deps), row.upload_id);
    await finishUpload(deps, row.upload_id);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "UNSUPPORTED_MEDIA") await removeRecordingFiles(deps, [row]);
  }
}

export async function startUpload(deps: AppDeps, grant: UploadGrant, uploadId: string): Promise<void> {
  const now = new Date().toISOString();
  await insertRecording(deps.db, {
    id: randomUUID(),
    booking_id: grant.bookingId,
    participant: grant.participant,
    part: grant.part,
    user_id: grant.userId,
    status: "uploading",
    upload_id: uploadId,
    storage_key: null,
    size_bytes: null,
    duration_ms: null,
    content_type: RECORDING_CONTENT_TYPE,
    captions_key: null,
    created_at: now,
    updated_at: now,
  }).catch((err: unknown) => {
    // Two pages of one person starting at once: the other one took this part.
    const taken =
      (err as { code?: string }).code === "23505" ||
      String((err as Error).message).includes("UNIQUE constraint failed");
    throw taken ? new AppError("CONFLICT", RECORDING_MESSAGES.alreadyUploading) : err;
  });
}

/** A resumed or continued upload: only by the person who started it. */
export async function requireOwnUpload(deps: AppDeps, user: SessionUser, uploadId: string): Promise<RecordingRow> {
  const row = await findRecordingByUpload(deps.db, uploadId);
  if (row?.status !== "uploading") throw new AppError("NOT_FOUND", RECORDING_MESSAGES.uploadNotFound);
  if (row.user_id !== user.id) throw new AppError("FORBIDDEN", RECORDING_MESSAGES.notYours);
  return row;
}

/** Checked by content from the first bytes on: an upload that does not start as WebM goes no further. */
export async function requireWebmStart(deps: AppDeps, row: RecordingRow, firstBytes: Buffer): Promise<void> {
  if (firstBytes.length < 4 || startsLikeEbml(firstBytes)) return;
  await removeRecordingFiles(deps, [row]);
  throw new AppError("UNSUPPORTED_MEDIA", RECORDING_MESSAGES.notWebm);
}

/**
 * The last byte is in: the file is checked and measured, stored, and once both people's parts
 * are all in, the session's recordings are ready.
 */
export async function finishUpload(deps: AppDeps, uploadId: string): Promise<void> {
  const row = await findRecordingByUpload(deps.db, uploadId);
  if (!row) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.uploadNotFound);
  const staging = await uploadStagingOf(deps);
  const storageKey = `recordings/${row.booking_id}/${row.participant}-${row.id}.webm`;
  const stored = await staging.withLocalFile(uploadId, async (filePath) => {
    const file = await fsp.open(filePath);
    const size = (await file.stat()).size;
    const facts = await readWebm(file, size).finally(() => file.close());
    if (!facts) return undefined;
    await deps.storage.putFile(storageKey, filePath, RECORDING_CONTENT_TYPE);
    return { size, durationMs: Math.round(facts.durationSeconds * 1000) };
  });
  if (!stored) {
    await removeRecordingFiles(deps, [row]);
    throw new AppError("UNSUPPORTED_MEDIA", RECORDING_MESSAGES.notWebm);
  }
  await staging.remove(uploadId);
  const now = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await markRecordingUploaded(
      trx,
      row.id,
      { storageKey, sizeBytes: stored.size, durationMs: stored.durationMs },
      now,
    );
    const parts = await findRecordingsOfBooking(trx, row.booking_id);
    const sides = new Set(parts.map((part) => part.participant));
    if (sides.size === 2 && parts.every((part) => part.status !== "uploading")) {
      await markBookingRecordingsReady(trx, row.booking_id, now);
    }
  });
}

/** Deletes recordings' files (stored, captions, or still uploading) and then their rows. */
export async function removeRecordingFiles(deps: AppDeps, rows: RecordingRow[]): Promise<void> {
  for (const row of rows) {
    if (row.storage_key) await deps.storage.remove(row.storage_key);
    if (row.captions_key) await deps.storage.remove(row.captions_key);
    if (row.status === "uploading") await (await uploadStagingOf(deps)).remove(row.upload_id);
  }
  await deleteRecordings(
    deps.db,
    rows.map((row) => row.id),
  );
}
