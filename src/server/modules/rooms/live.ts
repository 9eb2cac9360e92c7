import { randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { ROOM_MESSAGES } from "../../../shared/room-messages.js";
import {
  ROOM_CLOSE,
  type RoomClientMessage,
  type RoomRole,
  type RoomServerMessage,
} from "../../../shared/schemas/rooms.js";
import type { AppDeps } from "../../app-deps.js";
import type { LiveEvent } from "../../infrastructure/events/bus.js";
import { saveCodeUpdate } from "./code.js";
import {
  deleteSignalsBefore,
  findCodeUpdateById,
  findRoomBooking,
  findSignalBody,
  insertSignal,
  type RoomBooking,
} from "./repository.js";
import { isRoomOpen, roomWindow } from "./service.js";

/** One person's live connection to a room, on this process. */
interface RoomConnection {
  id: string;
  bookingId: string;
  role: RoomRole;
  /** The sign-in session the connection came with: its end closes the connection. */
  session: { userId: string; sessionId: string } | undefined;
  socket: WebSocket;
  /** The person's messages, stored and announced one after another in the order they were sent. */
  received: Promise<void>;
  /** The other person's connection this one was last told is present (a join and a here can both name it). */
  toldPresent?: string | undefined;
  /**
   * What the room sent this connection before its welcome, sent right after it: the connection is in the
   * room while its document is read, so an update saved meanwhile reaches it (Yjs updates apply twice
   * harmlessly); undefined once welcomed.
   */
  beforeWelcome: RoomServerMessage[] | undefined;
}

interface OpenRoom {
  slotId: string | null;
  connections: Set<RoomConnection>;
  /** The connection of each role present in the room, on any process (learned from join and here events). */
  present: Map<RoomRole, string>;
  /** The room's events, handled one after another in the order they arrived. */
  relayed: Promise<void>;
  closeTimer: ReturnType<typeof setTimeout>;
}

type RoomEvent = Extract<LiveEvent, { topic: "room" }>;

const clientMessageSchema: z.ZodType<RoomClientMessage> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("signal"), data: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal("code"), update: z.string().min(1) }),
]);

const PING_EVERY_MS = 25_000;
const SIGNALS_KEPT_MS = 10 * 60_000;

/**
 * The rooms' live connections on this process. Every message between the two people goes through
 * the event bus (LISTEN/NOTIFY on PostgreSQL), so each may be connected to a different process;
 * what a message carries is stored first and the event names its row, because a WebRTC offer
 * does not fit in a NOTIFY payload (docs/decisions/0350-interview-room.md).
 */
export class RoomHub {
  private readonly rooms = new Map<string, OpenRoom>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: AppDeps) {
    this.unsubscribe = deps.bus.subscribe((event) => {
      const handled = event.topic === "room" ? this.onRoomEvent(event) : this.onOtherEvent(event);
      handled.catch((err: unknown) => deps.log.warn({ err }, "room event not delivered"));
    });
  }

  /**
   * Takes a connection that was let in: it replaces the same person's older one and meets the other.
   * It joins the room before the document is read (`readCode`), so no update saved while reading is missed.
   */
  async join(
    booking: RoomBooking,
    role: RoomRole,
    session: RoomConnection["session"],
    socket: WebSocket,
    readCode: () => Promise<string>,
  ) {
    if (socket.readyState !== socket.OPEN) return;
    const connection: RoomConnection = {
      id: randomUUID(),
      bookingId: booking.bookingId,
      role,
      session,
      socket,
      received: Promise.resolve(),
      beforeWelcome: [],
    };
    const room = this.openRoomFor(booking);
    room.connections.add(connection);
    const ping = setInterval(() => socket.ping(), PING_EVERY_MS);
    socket.on("message", (raw) => {
      connection.received = connection.received
        .then(() => this.receive(connection, raw.toString()))
        .catch((err: unknown) => this.refuse(connection, err));
    });
    socket.on("close", () => {
      clearInterval(ping);
      room.connections.delete(connection);
      if (room.connections.size === 0) {
        clearTimeout(room.closeTimer);
        this.rooms.delete(booking.bookingId);
      }
      this.announce(connection, "leave").catch(() => undefined);
    });
    let code: string;
    try {
      code = await readCode();
    } catch (err) {
      // 1011: the server failed (RFC 6455); the page connects again. Closing takes it out of the room.
      socket.close(1011, "INTERNAL");
      throw err;
    }
    const waiting = connection.beforeWelcome ?? [];
    connection.beforeWelcome = undefined;
    this.send(connection, { type: "welcome", connection: connection.id, code });
    for (const message of waiting) this.send(connection, message);
    await this.announce(connection, "join");
    await deleteSignalsBefore(this.deps.db, new Date(Date.now() - SIGNALS_KEPT_MS).toISOString());
  }

  close(): void {
    this.unsubscribe();
    for (const bookingId of [...this.rooms.keys()]) this.closeRoom(bookingId, ROOM_MESSAGES.closed);
  }

  private openRoomFor(booking: RoomBooking): OpenRoom {
    const existing = this.rooms.get(booking.bookingId);
    if (existing) return existing;
    const untilClose = Date.parse(roomWindow(booking).closesAt) - Date.now();
    const room: OpenRoom = {
      slotId: booking.slotId,
      connections: new Set(),
      present: new Map(),
      relayed: Promise.resolve(),
      // Rooms are entered only inside their window, so this never exceeds a timer's 2^31 ms.
      closeTimer: setTimeout(() => this.closeRoom(booking.bookingId, ROOM_MESSAGES.closed), Math.max(untilClose, 0)),
    };
    this.rooms.set(booking.bookingId, room);
    return room;
  }

  private async receive(connection: RoomConnection, raw: string): Promise<void> {
    const message = parseMessage(raw);
    const { db, bus } = this.deps;
    const event = {
      topic: "room",
      bookingId: connection.bookingId,
      from: connection.id,
      role: connection.role,
    } as const;
    if (message.type === "signal") {
      const id = randomUUID();
      const now = new Date().toISOString();
      await insertSignal(db, { id, bookingId: connection.bookingId, body: JSON.stringify(message.data), now });
      await bus.publish({ ...event, kind: "signal", id });
    } else {
      const id = await saveCodeUpdate(this.deps, connection.bookingId, message.update);
      await bus.publish({ ...event, kind: "code", id });
    }
  }

  private refuse(connection: RoomConnection, err: unknown): void {
    if (err instanceof AppError) {
      this.send(connection, { type: "error", code: err.code, message: err.message });
      return;
    }
    this.deps.log.warn({ err }, "room message refused");
    this.send(connection, { type: "error", code: "BAD_REQUEST", message: ROOM_MESSAGES.messageRefused });
  }

  private async onRoomEvent(event: RoomEvent): Promise<void> {
    const room = this.rooms.get(event.bookingId);
    if (!room) return;
    // In the order announced: an ICE candidate is useless before its offer, a leave after its signals.
    const handle = () => this.handle(room, event);
    room.relayed = room.relayed.then(handle, handle);
    await room.relayed;
  }

  private async handle(room: OpenRoom, event: RoomEvent): Promise<void> {
    const locals = [...room.connections].filter((connection) => connection.id !== event.from);
    if (event.kind === "join" || event.kind === "here") this.arrived(room, locals, event);
    else if (event.kind === "leave") this.left(room, locals, event);
    else if (event.kind === "signal") await this.relaySignal(locals, event);
    else await this.relayCode(locals, event);
  }

  /** Someone entered (join) or answered a newcomer (here): the same person's older connection goes. */
  private arrived(room: OpenRoom, locals: RoomConnection[], event: RoomEvent): void {
    room.present.set(event.role, event.from);
    for (const connection of locals) {
      if (connection.role === event.role) {
        if (event.kind === "join") {
          this.closeConnection(connection, ROOM_CLOSE.replaced, "REPLACED", ROOM_MESSAGES.openedElsewhere);
        }
        continue;
      }
      if (connection.toldPresent !== event.from) {
        connection.toldPresent = event.from;
        this.send(connection, { type: "peer", present: true, connection: event.from });
      }
      if (event.kind === "join") this.announce(connection, "here").catch(() => undefined);
    }
  }

  private left(room: OpenRoom, locals: RoomConnection[], event: RoomEvent): void {
    // A leave that arrives after the same person came back on a newer connection changes nothing.
    if (room.present.get(event.role) !== event.from) return;
    room.present.delete(event.role);
    for (const connection of locals) {
      if (connection.role !== event.role) {
        connection.toldPresent = undefined;
        this.send(connection, { type: "peer", present: false, connection: event.from });
      }
    }
  }

  private async relaySignal(locals: RoomConnection[], event: RoomEvent): Promise<void> {
    const targets = locals.filter((connection) => connection.role !== event.role);
    if (targets.length === 0 || !event.id) return;
    const body = await findSignalBody(this.deps.db, event.id);
    if (!body) return;
    const data = JSON.parse(body) as Record<string, unknown>;
    for (const connection of targets) this.send(connection, { type: "signal", data });
  }

  private async relayCode(locals: RoomConnection[], event: RoomEvent): Promise<void> {
    if (locals.length === 0 || !event.id) return;
    const update = await findCodeUpdateById(this.deps.db, event.id);
    if (update) for (const connection of locals) this.send(connection, { type: "code", update });
  }

  /** A signed-out session loses its connections; a cancelled or moved booking (its slot's event) its room. */
  private async onOtherEvent(event: LiveEvent): Promise<void> {
    if (event.topic === "session_revoked") {
      for (const room of this.rooms.values()) {
        for (const connection of [...room.connections]) {
          const { session } = connection;
          if (session?.userId !== event.userId) continue;
          if (event.sessionId !== null && event.sessionId !== session.sessionId) continue;
          this.closeConnection(connection, ROOM_CLOSE.signedOut, "UNAUTHENTICATED", ROOM_MESSAGES.signedOut);
        }
      }
      return;
    }
    if (event.topic !== "slots" || !event.slotId) return;
    for (const [bookingId, room] of this.rooms) {
      if (room.slotId !== event.slotId) continue;
      const booking = await findRoomBooking(this.deps.db, bookingId);
      if (!booking || !isRoomOpen(booking, Date.now())) this.closeRoom(bookingId, ROOM_MESSAGES.cancelled);
    }
  }

  private announce(connection: RoomConnection, kind: "join" | "here" | "leave"): Promise<void> {
    const { bookingId, id, role } = connection;
    return this.deps.bus.publish({ topic: "room", bookingId, kind, from: id, role });
  }

  private send(connection: RoomConnection, message: RoomServerMessage): void {
    if (connection.beforeWelcome && message.type !== "welcome") connection.beforeWelcome.push(message);
    else this.sendNow(connection, message);
  }

  private sendNow(connection: RoomConnection, message: RoomServerMessage): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  }

  private closeConnection(connection: RoomConnection, closeCode: number, code: string, message: string): void {
    this.sendNow(connection, { type: "closed", code, message });
    connection.socket.close(closeCode, code);
  }

  private closeRoom(bookingId: string, message: string): void {
    const room = this.rooms.get(bookingId);
    for (const connection of room ? [...room.connections] : []) {
      this.closeConnection(connection, ROOM_CLOSE.closed, "ROOM_CLOSED", message);
    }
  }
}

function parseMessage(raw: string): RoomClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("BAD_REQUEST", ROOM_MESSAGES.messageRefused);
  }
  const parsed = clientMessageSchema.safeParse(value);
  if (!parsed.success) throw new AppError("BAD_REQUEST", ROOM_MESSAGES.messageRefused);
  return parsed.data;
}
