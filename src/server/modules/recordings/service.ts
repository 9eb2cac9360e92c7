import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import {
  RECORDING_CONTENT_TYPE,
  type Recording,
  type RecordingConsentState,
  type Recordings,
} from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import type { RecordingParticipant } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findRoomAccess, requireOpenRoom } from "../rooms/service.js";
import {
  deleteRecordings,
  findConsent,
  findRecordingById,
  findRecordingByUpload,
  findRecordingOfParticipant,
  findRecordingsCreatedBefore,
  findRecordingsOfBooking,
  findRecordingsOfStudent,
  insertRecording,
  markBookingRecordingsReady,
  markConsentAsked,
  markRecordingUploaded,
  type RecordingRow,
  saveConsentAnswer,
} from "./repository.js";
import { readWebm, startsLikeEbml } from "./webm.js";

export interface ReplayViewer {
  user: SessionUser;
  isAdmin: boolean;
}

/** Who looks at a session's recordings: one of its two people, or an admin (anyone else: 403). */
async function replayAccess(deps: AppDeps, viewer: ReplayViewer, bookingId: string) {
  try {
    const access = await findRoomAccess(deps, viewer.user, bookingId);
    return { bookingId: access.booking.bookingId, role: access.role as RecordingParticipant | "admin" };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "FORBIDDEN" || !viewer.isAdmin) {
      throw new AppError("FORBIDDEN", RECORDING_MESSAGES.notYours);
    }
  }
  return { bookingId, role: "admin" as const };
}

function consentState(row: Awaited<ReturnType<typeof findConsent>>): RecordingConsentState {
  return {
    state: row?.consent ?? (row ? "asked" : "not_asked"),
    askedAt: row?.asked_at ?? null,
    answeredAt: row?.answered_at ?? null,
  };
}

export async function readConsent(deps: AppDeps, user: SessionUser, bookingId: string) {
  const { booking } = await findRoomAccess(deps, user, bookingId);
  return consentState(await findConsent(deps.db, booking.bookingId));
}

/** The interviewer asks, inside the room's window; asking again changes nothing. */
export async function askToRecord(deps: AppDeps, user: SessionUser, bookingId: string) {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  if (role !== "interviewer") throw new AppError("FORBIDDEN", RECORDING_MESSAGES.askForInterviewer);
  requireOpenRoom(deps, booking, Date.now());
  await markConsentAsked(deps.db, booking.bookingId, new Date().toISOString());
  return consentState(await findConsent(deps.db, booking.bookingId));
}

/** The student answers once; declining only means nothing is recorded. */
export async function answerConsent(deps: AppDeps, user: SessionUser, bookingId: string, accept: boolean) {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  if (role !== "student") throw new AppError("FORBIDDEN", RECORDING_MESSAGES.answerForStudent);
  requireOpenRoom(deps, booking, Date.now());
  const before = consentState(await findConsent(deps.db, booking.bookingId));
  if (before.state === "not_asked") throw new AppError("CONFLICT", RECORDING_MESSAGES.notAsked);
  const saved = await saveConsentAnswer(
    deps.db,
    booking.bookingId,
    accept ? "accepted" : "declined",
    new Date().toISOString(),
  );
  if (!saved) throw new AppError("CONFLICT", RECORDING_MESSAGES.alreadyAnswered);
  return consentState(await findConsent(deps.db, booking.bookingId));
}

export interface UploadGrant {
  bookingId: string;
  participant: RecordingParticipant;
  userId: string;
}

/** Before a recording's upload is created: one of the session's two people, room open, consent given. */
export async function grantUpload(deps: AppDeps, user: SessionUser, bookingId: string): Promise<UploadGrant> {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  requireOpenRoom(deps, booking, Date.now());
  const consent = await findConsent(deps.db, booking.bookingId);
  if (consent?.consent !== "accepted") throw new AppError("CONFLICT", RECORDING_MESSAGES.notConsented);
  const existing = await findRecordingOfParticipant(deps.db, booking.bookingId, role);
  if (existing && existing.status !== "uploading") throw new AppError("CONFLICT", RECORDING_MESSAGES.alreadyUploading);
  // A reloaded page starts a new recording (its recorder's stream cannot continue the old file).
  if (existing) await removeRecordingFiles(deps, [existing]);
  return { bookingId: booking.bookingId, participant: role, userId: user.id };
}

export async function startUpload(deps: AppDeps, grant: UploadGrant, uploadId: string): Promise<void> {
  const now = new Date().toISOString();
  await insertRecording(deps.db, {
    id: randomUUID(),
    booking_id: grant.bookingId,
    participant: grant.participant,
    user_id: grant.userId,
    status: "uploading",
    upload_id: uploadId,
    storage_key: null,
    size_bytes: null,
    duration_ms: null,
    content_type: RECORDING_CONTENT_TYPE,
    created_at: now,
    updated_at: now,
  });
}

/** A resumed or continued upload: only by the person who started it. */
export async function requireOwnUpload(deps: AppDeps, user: SessionUser, uploadId: string): Promise<RecordingRow> {
  const row = await findRecordingByUpload(deps.db, uploadId);
  if (!row || row.status !== "uploading") throw new AppError("NOT_FOUND", RECORDING_MESSAGES.uploadNotFound);
  if (row.user_id !== user.id) throw new AppError("FORBIDDEN", RECORDING_MESSAGES.notYours);
  return row;
}

export const stagingPathOf = (deps: AppDeps, uploadId: string) => path.join(stagingDirOf(deps), uploadId);
export const stagingDirOf = (deps: AppDeps) => path.resolve(deps.config.storage.dir, "uploads");

/** Checked by content from the first bytes on: an upload that is not WebM goes no further. */
export async function requireWebmSoFar(deps: AppDeps, row: RecordingRow): Promise<void> {
  const file = await fsp.open(stagingPathOf(deps, row.upload_id)).catch(() => undefined);
  if (!file) return;
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4 || startsLikeEbml(buffer)) return;
  } finally {
    await file.close();
  }
  await removeRecordingFiles(deps, [row]);
  throw new AppError("UNSUPPORTED_MEDIA", RECORDING_MESSAGES.notWebm);
}

/**
 * The last byte is in: the file is checked and measured, stored, and once both people's files are
 * in, the session's recordings are ready.
 */
export async function finishUpload(deps: AppDeps, uploadId: string): Promise<void> {
  const row = await findRecordingByUpload(deps.db, uploadId);
  if (!row) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.uploadNotFound);
  const staging = stagingPathOf(deps, uploadId);
  const file = await fsp.open(staging);
  const facts = await readWebm(file, (await file.stat()).size).finally(() => file.close());
  if (!facts) {
    await removeRecordingFiles(deps, [row]);
    throw new AppError("UNSUPPORTED_MEDIA", RECORDING_MESSAGES.notWebm);
  }
  const storageKey = `recordings/${row.booking_id}/${row.participant}-${row.id}.webm`;
  await deps.storage.putFile(storageKey, staging, RECORDING_CONTENT_TYPE);
  const { size } = await fsp.stat(staging);
  await removeStaging(deps, uploadId);
  const now = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const durationMs = Math.round(facts.durationSeconds * 1000);
    await markRecordingUploaded(trx, row.id, { storageKey, sizeBytes: size, durationMs }, now);
    const parts = await findRecordingsOfBooking(trx, row.booking_id);
    if (parts.length === 2 && parts.every((part) => part.status !== "uploading")) {
      await markBookingRecordingsReady(trx, row.booking_id, now);
    }
  });
}

async function removeStaging(deps: AppDeps, uploadId: string): Promise<void> {
  const staging = stagingPathOf(deps, uploadId);
  await fsp.rm(staging, { force: true });
  await fsp.rm(`${staging}.json`, { force: true });
}

/** Deletes recordings' files (stored, or still uploading) and then their rows. */
export async function removeRecordingFiles(deps: AppDeps, rows: RecordingRow[]): Promise<void> {
  for (const row of rows) {
    if (row.storage_key) await deps.storage.remove(row.storage_key);
    await removeStaging(deps, row.upload_id);
  }
  await deleteRecordings(
    deps.db,
    rows.map((row) => row.id),
  );
}

async function toRecording(deps: AppDeps, row: RecordingRow): Promise<Recording> {
  const playable = row.status !== "uploading" && row.storage_key;
  const direct =
    playable && row.storage_key ? await deps.storage.directUrl(row.storage_key, row.content_type) : undefined;
  return {
    id: row.id,
    participant: row.participant,
    status: row.status,
    durationSeconds: row.duration_ms === null ? null : row.duration_ms / 1000,
    contentType: row.content_type,
    url: playable ? (direct ?? `/api/recordings/${row.id}/media`) : null,
  };
}

export async function listRecordings(deps: AppDeps, viewer: ReplayViewer, bookingId: string): Promise<Recordings> {
  const access = await replayAccess(deps, viewer, bookingId);
  const rows = await findRecordingsOfBooking(deps.db, access.bookingId);
  return { recordings: await Promise.all(rows.map((row) => toRecording(deps, row))) };
}

/** The student deletes the replay (both people's recordings) whenever they like. */
export async function deleteReplay(deps: AppDeps, viewer: ReplayViewer, bookingId: string): Promise<void> {
  const access = await replayAccess(deps, viewer, bookingId);
  if (access.role !== "student") throw new AppError("FORBIDDEN", RECORDING_MESSAGES.studentDeletes);
  await removeRecordingFiles(deps, await findRecordingsOfBooking(deps.db, access.bookingId));
}

/** A recording's file for the player, if the viewer may watch that session. */
export async function findPlayableRecording(deps: AppDeps, viewer: ReplayViewer, recordingId: string) {
  const row = await findRecordingById(deps.db, recordingId);
  if (!row) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.noReplay);
  await replayAccess(deps, viewer, row.booking_id);
  const size = row.storage_key ? await deps.storage.sizeOf(row.storage_key) : undefined;
  if (!row.storage_key || size === undefined) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.replayNotReady);
  return { storageKey: row.storage_key, size, contentType: row.content_type };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_BATCH = 100;

/** Recordings older than the retention period go, files first (docs/privacy.md, Recordings). */
export async function deleteExpiredRecordings(deps: AppDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.recordings.retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await findRecordingsCreatedBefore(deps.db, before, RETENTION_BATCH);
    await removeRecordingFiles(deps, rows);
    deleted += rows.length;
    if (rows.length < RETENTION_BATCH) return deleted;
  }
}

/** Erasure of the student's account: every recording of their sessions goes. */
export async function deleteRecordingsOfStudent(deps: AppDeps, userId: string): Promise<void> {
  await removeRecordingFiles(deps, await findRecordingsOfStudent(deps.db, userId));
}

/** The data export's list: each recording with an address that downloads it while signed in. */
export async function recordingsForExport(deps: AppDeps, userId: string) {
  const rows = await findRecordingsOfStudent(deps.db, userId);
  return rows.map((row) => ({
    bookingId: row.booking_id,
    participant: row.participant,
    status: row.status,
    durationSeconds: row.duration_ms === null ? null : row.duration_ms / 1000,
    recordedAt: row.created_at,
    downloadUrl: row.storage_key ? `${deps.config.publicUrl}/api/recordings/${row.id}/media` : null,
  }));
}
