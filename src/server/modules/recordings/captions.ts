import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import webvtt from "webvtt-parser";
import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { CAPTIONS_CONTENT_TYPE } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import { findRecordingById, setRecordingCaptions } from "./repository.js";
import { type ReplayViewer, replayAccess } from "./service.js";

/** The W3C's WebVTT parser: what it calls an error, a browser's `<track>` would stumble on. */
function requireWebVtt(text: string): void {
  const parsed = new webvtt.WebVTTParser().parse(text, "subtitles");
  const first = parsed.errors[0];
  if (!text.startsWith("WEBVTT") || first || parsed.cues.length === 0) {
    throw new AppError("VALIDATION", RECORDING_MESSAGES.badCaptions, {
      field: "captions",
      details: first ? { line: first.line, problem: first.message } : undefined,
    });
  }
}

async function recordingFor(deps: AppDeps, viewer: ReplayViewer, recordingId: string) {
  const row = await findRecordingById(deps.db, recordingId);
  if (!row) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.noReplay);
  await replayAccess(deps, viewer, row.booking_id);
  return row;
}

/**
 * Captions for one part of a recording, as a WebVTT file: added by anyone who may watch the
 * replay (both people spoke in it); adding them again replaces them.
 */
export async function saveCaptions(deps: AppDeps, viewer: ReplayViewer, recordingId: string, text: string) {
  const row = await recordingFor(deps, viewer, recordingId);
  if (row.status === "uploading") throw new AppError("CONFLICT", RECORDING_MESSAGES.replayNotReady);
  requireWebVtt(text);
  const key = `recordings/${row.booking_id}/${row.participant}-${row.id}.vtt`;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "captions-"));
  try {
    await fsp.writeFile(path.join(dir, "captions.vtt"), text);
    await deps.storage.putFile(key, path.join(dir, "captions.vtt"), CAPTIONS_CONTENT_TYPE);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  await setRecordingCaptions(deps.db, row.id, key, new Date().toISOString());
}

export async function readCaptions(deps: AppDeps, viewer: ReplayViewer, recordingId: string): Promise<Readable> {
  const row = await recordingFor(deps, viewer, recordingId);
  if (!row.captions_key) throw new AppError("NOT_FOUND", RECORDING_MESSAGES.noCaptions);
  return deps.storage.read(row.captions_key);
}
