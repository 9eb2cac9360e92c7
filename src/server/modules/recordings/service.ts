import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import type { Recording, RecordingConsentState, Recordings } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import type { RecordingParticipant } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findRoomAccess, requireOpenRoom } from "../rooms/service.js";
import {
  findConsent,
  findRecordingById,
  findRecordingsCreatedBefore,
  findRecordingsOfBooking,
  findRecordingsOfStudent,
  markConsentAsked,
  markRecordingStopped,
  type RecordingRow,
  saveConsentAnswer,
} from "./repository.js";
import { removeRecordingFiles } from "./upload-service.js";

export interface ReplayViewer {
  user: SessionUser;
  isAdmin: boolean;
}

/** Who looks at a session's recordings: one of its two people, or an admin (anyone else: 403). */
export async function replayAccess(deps: AppDeps, viewer: ReplayViewer, bookingId: string) {
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
    stoppedAt: row?.stopped_at ?? null,
  };
}

/**
 * Either person stops the recording for both (each withdraws as freely as the student declines);
 * each browser then sends its last bytes and nothing more is recorded in this session.
 */
export async function stopRecording(deps: AppDeps, user: SessionUser, bookingId: string) {
  const { booking } = await findRoomAccess(deps, user, bookingId);
  const consent = await findConsent(deps.db, booking.bookingId);
  if (consent?.consent !== "accepted") throw new AppError("CONFLICT", RECORDING_MESSAGES.notRecording);
  await markRecordingStopped(deps.db, booking.bookingId, new Date().toISOString());
  return consentState(await findConsent(deps.db, booking.bookingId));
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

async function toRecording(deps: AppDeps, row: RecordingRow): Promise<Recording> {
  const playable = row.status !== "uploading" && row.storage_key;
  const direct =
    playable && row.storage_key ? await deps.storage.directUrl(row.storage_key, row.content_type) : undefined;
  return {
    id: row.id,
    participant: row.participant,
    part: row.part,
    status: row.status,
    durationSeconds: row.duration_ms === null ? null : row.duration_ms / 1000,
    contentType: row.content_type,
    url: playable ? (direct ?? `/api/recordings/${row.id}/media`) : null,
    captionsUrl: row.captions_key ? `/api/recordings/${row.id}/captions` : null,
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
