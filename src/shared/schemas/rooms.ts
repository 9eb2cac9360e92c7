import { z } from "zod";
import { ROOM_LANGUAGES, ROOM_NOTE_MAX_LENGTH } from "../constants.js";

export const roomParamsSchema = z.object({ bookingId: z.string().min(1).max(64) });

/** One STUN or TURN server as RTCPeerConnection takes it (RTCIceServer). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const roomRoleSchema = z.enum(["student", "interviewer"]);
export type RoomRole = z.infer<typeof roomRoleSchema>;

/** What one of the two people of a session needs to enter its room (docs/product.md, The interview room). */
export const roomSchema = z
  .object({
    role: roomRoleSchema,
    opensAt: z.string(),
    closesAt: z.string(),
    iceServers: z.array(iceServerSchema),
    /** RTCConfiguration's iceTransportPolicy: `relay` when the operator sends all media through TURN. */
    iceTransportPolicy: z.enum(["all", "relay"]),
    peer: z.object({ name: z.string() }),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** The admin's meeting link, the fallback when the room does not work for someone. */
    backupLink: z.string().nullable(),
    /** The student's resume, for the interviewer only (null for the student). */
    resumeUrl: z.string().nullable(),
  })
  .meta({ id: "Room" });
export type Room = z.infer<typeof roomSchema>;

/** Why a room cannot be entered now, in the 409's `details`: the window, so the page can say when. */
export const roomWindowSchema = z.object({ opensAt: z.string(), closesAt: z.string() });

export const roomLanguageSchema = z.enum(ROOM_LANGUAGES);

/** The shared editor's saved document. */
export const roomCodeSchema = z.object({ language: roomLanguageSchema, text: z.string() }).meta({ id: "RoomCode" });
export type RoomCode = z.infer<typeof roomCodeSchema>;

export const roomNoteInputSchema = z.object({ text: z.string().trim().min(1).max(ROOM_NOTE_MAX_LENGTH) });

export const roomNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Seconds since the session's start (negative before it). */
  atSecond: z.number().int(),
  createdAt: z.string(),
});
export type RoomNote = z.infer<typeof roomNoteSchema>;

export const roomNotesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const roomNotesPageSchema = z
  .object({ notes: z.array(roomNoteSchema), nextCursor: z.string().nullable() })
  .meta({ id: "RoomNotesPage" });
export type RoomNotesPage = z.infer<typeof roomNotesPageSchema>;

/** Messages a room's live connection sends to the server (checked by modules/rooms/live.ts). */
export type RoomClientMessage =
  /** WebRTC negotiation for the other person: `{ description }` or `{ candidate }`, passed on as sent. */
  | { type: "signal"; data: Record<string, unknown> }
  /** A Yjs update of the shared editor, base64. */
  | { type: "code"; update: string };

/** Messages the server sends on a room's live connection. */
export type RoomServerMessage =
  /** Entered: this connection's id and the editor's whole document (a Yjs update, base64). */
  | { type: "welcome"; connection: string; code: string }
  /** The other person's connection arrived or left; a new `connection` means a new peer connection. */
  | { type: "peer"; present: boolean; connection: string }
  | { type: "signal"; data: Record<string, unknown> }
  | { type: "code"; update: string }
  /** A message was refused; the connection stays. */
  | { type: "error"; code: string; message: string }
  /** The connection ends: the room closed, the same person entered elsewhere, or they signed out. */
  | { type: "closed"; code: string; message: string };

/** Close codes of a room's live connection (4000–4999 are the application's, RFC 6455 §7.4.2). */
export const ROOM_CLOSE = {
  refused: 4003,
  closed: 4009,
  replaced: 4010,
  signedOut: 4001,
} as const;
