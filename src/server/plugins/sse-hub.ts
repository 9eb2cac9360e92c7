import type { Socket } from "node:net";
import { STREAM_HEARTBEAT_MS } from "../../shared/constants.js";
import type { Db } from "../db/database.js";
import { findLiveSessionIds } from "../infrastructure/auth/session-repository.js";
import type { EventBus, LiveEvent } from "../infrastructure/events/bus.js";
import { eventFrame, type Frame, heartbeatFrame, LAST_CHUNK } from "./sse-wire.js";
import { endConnection } from "./stream-door.js";

export interface Stream {
  /**
   * The stream's connection, all it keeps of it: the head, the events (each one chunk framed once for every stream,
   * see `Frame`) and the end are written to it straight (docs/decisions/0250-streams-keep-only-their-socket.md).
   */
  socket: Socket;
  /** False for an HTTP/1.0 client, whose body is not chunked: it gets the bare bytes. */
  chunked: boolean;
  accept: (event: LiveEvent) => boolean;
  /** Whose stream it is, for the caps: its address and, signed in, its user (`StreamOwner`). */
  owner: StreamOwner;
  /** The sign-in session it was opened with (the stream ends with it) and, on admin routes, the admin. */
  session: { userId: string; sessionId: string } | undefined;
  adminEmail: string | undefined;
  /** Checked at every heartbeat: admin rights can end without an event (the shell, 12 hours). */
  stillAllowed: (() => Promise<boolean>) | undefined;
}

/** Who opens a stream: its address (IPv6 by its /64, as the rate limits count) and, signed in, its user. */
export interface StreamOwner {
  address: string;
  user: string | undefined;
}

const keysOf = (owner: StreamOwner) => (owner.user ? [owner.address, owner.user] : [owner.address]);

/**
 * Every open stream of the process, whichever bus it listens to. One bus subscription per bus and
 * one heartbeat timer for all streams: an event is serialized once into one buffer, already framed
 * as a chunk of the chunked body, and written straight to the socket of each stream that accepts
 * it, so 10,000 open streams cost 10,000 socket writes per event and nothing more
 * (docs/decisions/0211-streams-framed-once.md, docs/benchmarks.md, bench:streams).
 */
export interface Hub {
  streams: Set<Stream>;
  /** Open streams by address and by signed-in user (`StreamOwner`'s keys). */
  openBy: Map<string, number>;
  /** The app's database, where each heartbeat looks up the sessions its streams were opened with. */
  db: Db;
  unsubscribe: () => void;
}
const hubs = new Map<EventBus, Hub>();
let heartbeat: NodeJS.Timeout | undefined;

/**
 * How far a stream may fall behind: bytes written but not yet taken by its socket. A client that stops reading
 * (a phone gone to sleep, a stalled network) is closed past this instead of having every event kept for it; its
 * EventSource reconnects and reads afresh (src/client/lib/live.ts). About 1,000 slot events.
 */
export const STREAM_MAX_BUFFERED_BYTES = 64 * 1024;

/** Streams a revoked session or a removed admin must not keep (docs/security.md, Live streams). */
function isRevokedBy(stream: Stream, event: LiveEvent): boolean {
  if (event.topic === "session_revoked") {
    const { session } = stream;
    return session?.userId === event.userId && (event.sessionId === null || event.sessionId === session.sessionId);
  }
  if (event.topic === "admin_removed") return stream.adminEmail === event.email;
  return false;
}

function hubFor(bus: EventBus, db: Db): Hub {
  const existing = hubs.get(bus);
  if (existing) return existing;
  const streams = new Set<Stream>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic === "sessions_unsure") return void endStreamsOfEndedSessions(bus);
    if (event.topic === "session_revoked" || event.topic === "admin_removed") {
      for (const stream of [...streams]) if (isRevokedBy(stream, event)) end(bus, stream);
      return;
    }
    let bytes: Frame | undefined;
    for (const stream of streams) {
      if (!stream.accept(event)) continue;
      bytes ??= eventFrame(event);
      send(bus, stream, bytes);
    }
  });
  const hub = { streams, openBy: new Map<string, number>(), db, unsubscribe };
  hubs.set(bus, hub);
  return hub;
}

/**
 * Writes to one stream; one that is too far behind is closed and forgotten (back-pressure). False if closed.
 * The bytes are a whole chunk, framed once for every stream, so the body stays well framed up to its last chunk.
 */
function send(bus: EventBus, stream: Stream, frame: Frame): boolean {
  const bytes = stream.chunked ? frame.chunk : frame.bare;
  if (stream.socket.destroyed || stream.socket.writableLength + bytes.length > STREAM_MAX_BUFFERED_BYTES) {
    remove(bus, stream);
    stream.socket.destroy();
    return false;
  }
  stream.socket.write(bytes);
  return true;
}

function beat(): void {
  const bytes = heartbeatFrame();
  for (const [bus, { streams }] of hubs) {
    for (const stream of streams) {
      if (!send(bus, stream, bytes)) continue;
      void stream.stillAllowed?.().then(
        (allowed) => allowed || end(bus, stream),
        () => undefined,
      );
    }
    void endStreamsOfEndedSessions(bus);
  }
}

/**
 * Looks up, in one statement per 500, the sessions this bus's streams were opened with, and ends the streams whose
 * session is gone or expired: a revocation whose event was missed (a process that could not hear others, a row
 * deleted by hand) ends its streams within a heartbeat. A lookup that fails leaves the streams to the next one.
 */
async function endStreamsOfEndedSessions(bus: EventBus): Promise<void> {
  const hub = hubs.get(bus);
  if (!hub) return;
  const signedIn = [...hub.streams].filter((stream) => stream.session);
  if (signedIn.length === 0) return;
  const ids = [...new Set(signedIn.map((stream) => stream.session?.sessionId ?? ""))];
  const live = await findLiveSessionIds(hub.db, ids).catch(() => undefined);
  if (!live) return;
  for (const stream of signedIn) if (!live.has(stream.session?.sessionId ?? "")) end(bus, stream);
}

/**
 * Ends a stream gracefully: the last chunk (HTTP/1.1) and the end of the connection once it is written, as Node
 * ends a response that does not keep its connection; the client sees a complete body either way. A stream already
 * gone (a check that answered after its client left) is left alone.
 */
function end(bus: EventBus, stream: Stream): void {
  if (!remove(bus, stream)) return;
  endConnection(stream.socket, stream.chunked ? LAST_CHUNK : undefined);
}

/** Forgets a stream; false if it was already forgotten. */
function remove(bus: EventBus, stream: Stream): boolean {
  const hub = hubs.get(bus);
  if (!hub?.streams.delete(stream)) return false;
  for (const key of keysOf(stream.owner)) {
    const left = (hub.openBy.get(key) ?? 1) - 1;
    if (left > 0) hub.openBy.set(key, left);
    else hub.openBy.delete(key);
  }
  if (hub.streams.size === 0) {
    hub.unsubscribe();
    hubs.delete(bus);
  }
  if (hubs.size === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
  return true;
}

/**
 * Ends the open streams of one app (those on its bus) so its graceful shutdown is not held up by
 * long-lived connections; another app in the same process keeps its own.
 */
export function endStreamsOf(bus: EventBus): void {
  for (const stream of [...(hubs.get(bus)?.streams ?? [])]) end(bus, stream);
}

/** The open streams of this bus, for the caps: none when it has no hub yet. */
export function hubOf(bus: EventBus): Hub | undefined {
  return hubs.get(bus);
}

/** Adds an opened stream to its bus's hub (started with the first), counts it for its owner and starts the heartbeat. */
export function addStream(bus: EventBus, db: Db, stream: Stream): void {
  const hub = hubFor(bus, db);
  hub.streams.add(stream);
  for (const key of keysOf(stream.owner)) hub.openBy.set(key, (hub.openBy.get(key) ?? 0) + 1);
  heartbeat ??= setInterval(beat, STREAM_HEARTBEAT_MS);
  // The socket closes however the stream ends: the client leaves, an error, back-pressure or `end`.
  stream.socket.on("close", () => remove(bus, stream));
}

/** Open streams listening to this bus, i.e. of one app. */
export function openStreamCount(bus: EventBus): number {
  return hubs.get(bus)?.streams.size ?? 0;
}
