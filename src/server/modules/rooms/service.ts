import { randomUUID } from "node:crypto";
import { PAID_STATUSES, ROOM_CLOSES_AFTER_MINUTES, ROOM_OPENS_BEFORE_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ROOM_MESSAGES } from "../../../shared/room-messages.js";
import type { Room, RoomNotesPage, RoomRole } from "../../../shared/schemas/rooms.js";
import { formatInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingStatus } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { iceServersFor } from "./ice-servers.js";
import { findNotesPage, findRoomBooking, insertNote, type RoomBooking } from "./repository.js";

export interface RoomAccess {
  booking: RoomBooking;
  role: RoomRole;
  user: SessionUser;
}

/** A cancelled, failed or unpaid booking has no room; a moved one has its new time's. */
const ROOM_STATUSES = new Set<BookingStatus>(PAID_STATUSES);

const MINUTE_MS = 60_000;

/** The session's student and its interviewer may enter; anyone else (admins too) is refused. */
export async function findRoomAccess(deps: AppDeps, user: SessionUser, bookingId: string): Promise<RoomAccess> {
  const booking = await findRoomBooking(deps.db, bookingId);
  const role = booking ? roleOf(booking, user) : undefined;
  if (!booking || !role) throw new AppError("FORBIDDEN", ROOM_MESSAGES.notYours);
  return { booking, role, user };
}

function roleOf(booking: RoomBooking, user: SessionUser): RoomRole | undefined {
  if (booking.studentUserId === user.id) return "student";
  if (booking.interviewerEmail.toLowerCase() === user.email.toLowerCase()) return "interviewer";
  return undefined;
}

export function roomWindow(booking: Pick<RoomBooking, "startAt" | "endAt">): { opensAt: string; closesAt: string } {
  return {
    opensAt: new Date(Date.parse(booking.startAt) - ROOM_OPENS_BEFORE_MINUTES * MINUTE_MS).toISOString(),
    closesAt: new Date(Date.parse(booking.endAt) + ROOM_CLOSES_AFTER_MINUTES * MINUTE_MS).toISOString(),
  };
}

/** Refuses (409) a room outside its window or of a booking that no longer takes place, saying when it opens. */
export function requireOpenRoom(deps: AppDeps, booking: RoomBooking, nowMs: number): void {
  const window = roomWindow(booking);
  if (!ROOM_STATUSES.has(booking.status)) {
    throw new AppError("ROOM_CLOSED", ROOM_MESSAGES.cancelled, { details: window });
  }
  if (nowMs < Date.parse(window.opensAt)) {
    const opensAt = formatInstant(window.opensAt, deps.config.timeZone, deps.config.timeZoneLabel);
    throw new AppError("ROOM_NOT_OPEN", ROOM_MESSAGES.notOpenYet(opensAt), { details: window });
  }
  if (nowMs >= Date.parse(window.closesAt))
    throw new AppError("ROOM_CLOSED", ROOM_MESSAGES.closed, { details: window });
}

export function isRoomOpen(booking: RoomBooking, nowMs: number): boolean {
  const window = roomWindow(booking);
  return (
    ROOM_STATUSES.has(booking.status) && nowMs >= Date.parse(window.opensAt) && nowMs < Date.parse(window.closesAt)
  );
}

/** The room as one of its two people enters it, with TURN credentials of their own. */
export async function enterRoom(deps: AppDeps, user: SessionUser, bookingId: string): Promise<Room> {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  const now = Date.now();
  requireOpenRoom(deps, booking, now);
  return {
    role,
    ...roomWindow(booking),
    iceServers: iceServersFor(deps.config.ice, user.id, now),
    iceTransportPolicy: deps.config.ice.transportPolicy,
    peer: { name: role === "student" ? booking.interviewerName : booking.studentName },
    title: booking.title,
    startsAt: booking.startAt,
    endsAt: booking.endAt,
    backupLink: booking.meetingLink,
    resumeUrl: role === "interviewer" ? booking.resumeUrl : null,
  };
}

async function requireInterviewerOf(deps: AppDeps, user: SessionUser, bookingId: string): Promise<RoomBooking> {
  const { booking, role } = await findRoomAccess(deps, user, bookingId);
  if (role !== "interviewer") throw new AppError("FORBIDDEN", ROOM_MESSAGES.notesForInterviewer);
  return booking;
}

/** A private note of the interviewer, timed from the session's start; written while the room is open. */
export async function addNote(deps: AppDeps, user: SessionUser, bookingId: string, text: string) {
  const booking = await requireInterviewerOf(deps, user, bookingId);
  const now = Date.now();
  requireOpenRoom(deps, booking, now);
  const note = {
    id: randomUUID(),
    booking_id: booking.bookingId,
    text,
    at_second: Math.floor((now - Date.parse(booking.startAt)) / 1000),
    created_at: new Date(now).toISOString(),
  };
  await insertNote(deps.db, note);
  return { id: note.id, text: note.text, atSecond: note.at_second, createdAt: note.created_at };
}

/** The interviewer's notes of one session, oldest first, a page at a time (the cursor is the last one's). */
export async function listNotes(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  page: { cursor?: string; limit: number },
): Promise<RoomNotesPage> {
  const booking = await requireInterviewerOf(deps, user, bookingId);
  const rows = await findNotesPage(deps.db, booking.bookingId, decodeCursor(page.cursor), page.limit + 1);
  const notes = rows.slice(0, page.limit);
  const last = notes.at(-1);
  return {
    notes: notes.map((row) => ({ id: row.id, text: row.text, atSecond: row.at_second, createdAt: row.created_at })),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString("base64url");

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!createdAt || !id || rest.length > 0) throw new AppError("VALIDATION", ROOM_MESSAGES.badCursor);
  return { createdAt, id };
}
