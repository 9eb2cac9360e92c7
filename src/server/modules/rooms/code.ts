import { randomUUID } from "node:crypto";
import { ROOM_CODE_MAX_BYTES, ROOM_LANGUAGES, type RoomLanguage } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ROOM_MESSAGES } from "../../../shared/room-messages.js";
import type { RoomCode } from "../../../shared/schemas/rooms.js";
import type { AppDeps } from "../../app-deps.js";
import type { SessionUser } from "../../plugins/auth.js";
import { deleteCodeUpdates, findCodeUpdates, insertCodeUpdate } from "./repository.js";
import { findRoomAccess } from "./service.js";

/**
 * The shared editor is a Yjs document (docs/decisions/0350-interview-room.md): the text is
 * `code`, the language `meta.language`. The server keeps every update as it arrives; updates
 * commute, so merging them in any order gives the same document.
 */
export const CODE_TEXT = "code";
export const CODE_META = "meta";

/** More stored updates than this are merged into one when someone enters the room. */
const MERGE_AFTER_UPDATES = 50;

// Loaded with the first room, as pdfkit with the first PDF (docs/decisions/0005-memory.md).
const yjs = () => import("yjs");

/** The document as one update (base64), merging the stored ones into one row when they are many. */
export async function loadCodeState(deps: AppDeps, bookingId: string): Promise<string> {
  const Y = await yjs();
  return deps.db.transaction().execute(async (trx) => {
    const rows = await findCodeUpdates(trx, bookingId);
    const merged = Y.mergeUpdates(rows.map((row) => Buffer.from(row.update_data, "base64")));
    const state = Buffer.from(merged).toString("base64");
    if (rows.length > MERGE_AFTER_UPDATES) {
      await deleteCodeUpdates(
        trx,
        rows.map((row) => row.id),
      );
      await insertCodeUpdate(trx, { id: randomUUID(), bookingId, update: state, now: new Date().toISOString() });
    }
    return state;
  });
}

/** Checks and stores one update from the room's editor; returns its id, by which other processes read it. */
export async function saveCodeUpdate(deps: AppDeps, bookingId: string, update: string): Promise<string> {
  const bytes = Buffer.from(update, "base64");
  if (bytes.length > ROOM_CODE_MAX_BYTES) throw new AppError("VALIDATION", ROOM_MESSAGES.codeTooLarge);
  const Y = await yjs();
  // Throws on anything that is not a Yjs update, so a bad one never reaches the stored document.
  Y.decodeUpdate(bytes);
  const id = randomUUID();
  await insertCodeUpdate(deps.db, { id, bookingId, update, now: new Date().toISOString() });
  return id;
}

/** The saved document as text and language, for either person of the session, during it or after. */
export async function readCode(deps: AppDeps, user: SessionUser, bookingId: string): Promise<RoomCode> {
  const { booking } = await findRoomAccess(deps, user, bookingId);
  const Y = await yjs();
  const rows = await findCodeUpdates(deps.db, booking.bookingId);
  const doc = new Y.Doc();
  for (const row of rows) Y.applyUpdate(doc, Buffer.from(row.update_data, "base64"));
  const language = doc.getMap(CODE_META).get("language");
  return {
    language: ROOM_LANGUAGES.includes(language as RoomLanguage) ? (language as RoomLanguage) : ROOM_LANGUAGES[0],
    text: doc.getText(CODE_TEXT).toString(),
  };
}
