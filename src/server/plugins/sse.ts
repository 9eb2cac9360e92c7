import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { STREAM_HEARTBEAT_MS } from "../../shared/constants.js";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { findLiveSessionIds } from "../infrastructure/auth/session-repository.js";
import type { EventBus, LiveEvent } from "../infrastructure/events/bus.js";
import { clientKey } from "./rate-limit.js";
import { endConnection, releaseStreamResponse } from "./stream-door.js";

interface Stream {
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

/**
 * Every open stream of the process, whichever bus it listens to. One bus subscription per bus and
 * one heartbeat timer for all streams: an event is serialized once into one buffer, already framed
 * as a chunk of the chunked body, and written straight to the socket of each stream that accepts
 * it, so 10,000 open streams cost 10,000 socket writes per event and nothing more
 * (docs/decisions/0211-streams-framed-once.md, docs/benchmarks.md, bench:streams).
 */
interface Hub {
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

/** One server-sent event, as bare bytes (HTTP/1.0) and as one chunk of a chunked body (`size CRLF bytes CRLF`). */
interface Frame {
  bare: Buffer;
  chunk: Buffer;
}

function frameOf(text: string): Frame {
  const bare = Buffer.from(text);
  const chunk = Buffer.concat([Buffer.from(`${bare.length.toString(16)}\r\n`), bare, Buffer.from("\r\n")]);
  return { bare, chunk };
}

/** The headers of every stream, in the order Node writes them after ours. */
const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};
const OPENING = "retry: 1000\n: connected\n\n";
/** The end of a chunked body; an HTTP/1.0 client's body ends with the connection. */
const LAST_CHUNK = Buffer.from("0\r\n\r\n");

/**
 * A stream's head and opening lines, the bytes `res.writeHead` and `res.write` sent, built once a second (the Date
 * header) and shared by every stream opened in it. Node keeps the head it writes as a string of about 23 pieces for
 * the life of the response (0.7 KB a stream); this one buffer is all the streams of a second keep.
 */
let heads: { date: string; chunked: Buffer; bare: Buffer } | undefined;

function headOf(chunked: boolean): Buffer {
  const date = new Date().toUTCString();
  if (heads?.date !== date) {
    const fields = Object.entries(STREAM_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
    const head = `HTTP/1.1 200 OK\r\n${fields.join("")}Date: ${date}\r\n`;
    heads = {
      date,
      chunked: Buffer.concat([Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`), frameOf(OPENING).chunk]),
      bare: Buffer.from(`${head}\r\n${OPENING}`),
    };
  }
  return chunked ? heads.chunked : heads.bare;
}

const frame = (event: LiveEvent) => frameOf(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);

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
      bytes ??= frame(event);
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
  const bytes = frameOf(`event: heartbeat\ndata: ${Date.now()}\n\n`);
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

/** Who opens a stream: its address (IPv6 by its /64, as the rate limits count) and, signed in, its user. */
interface StreamOwner {
  address: string;
  user: string | undefined;
}

const keysOf = (owner: StreamOwner) => (owner.user ? [owner.address, owner.user] : [owner.address]);

/** Near the process's total, this share of it is kept for newcomers: owners that hold no stream yet. */
const STREAM_SHARE_KEPT_FOR_NEWCOMERS = 0.1;

/**
 * Whether one more stream fits (docs/decisions/0301-stream-room-for-newcomers.md): under the process's total; under
 * its address's cap, which a campus behind one NAT shares but one address cannot fill the process with; under its
 * user's cap when signed in; and in the last tenth of the total, only for an owner (the user, else the address)
 * that holds no stream yet, so a few accounts cannot lock new visitors out.
 */
function hasRoomFor(hub: Hub | undefined, owner: StreamOwner, config: Config): boolean {
  const open = hub?.streams.size ?? 0;
  const ofAddress = hub?.openBy.get(owner.address) ?? 0;
  const ofOwner = hub?.openBy.get(owner.user ?? owner.address) ?? 0;
  const keptForNewcomers = Math.floor(config.streamLimitTotal * STREAM_SHARE_KEPT_FOR_NEWCOMERS);
  if (open >= config.streamLimitTotal) return false;
  if (open >= config.streamLimitTotal - keptForNewcomers && ofOwner > 0) return false;
  if (ofAddress >= config.streamLimitPerAddress) return false;
  return !owner.user || ofOwner < config.streamLimitPerClient;
}

/**
 * Streams matching live events as server-sent events, with a heartbeat every
 * STREAM_HEARTBEAT_MS so clients can tell a quiet stream from a dead one (docs/product.md).
 * Refuses (429) a stream that does not fit (`hasRoomFor`).
 * Call it after the route's guard, so the session and admin it records are verified.
 */
export function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  bus: EventBus,
  accept: (event: LiveEvent) => boolean,
  /** On admin routes: checked at every heartbeat, since admin rights can end without an event. */
  stillAllowed?: () => Promise<boolean>,
): void {
  const user = request.sessionUser ?? undefined;
  const owner: StreamOwner = { address: clientKey(request), user: user ? `user:${user.id}` : undefined };
  if (!hasRoomFor(hubs.get(bus), owner, request.server.deps.config)) {
    throw new AppError("RATE_LIMITED", API_MESSAGES.tooManyStreams, { details: 60 });
  }
  reply.hijack();
  // HEAD (an uptime monitor) learns the stream is there; it gets no body, so nothing stays open.
  if (request.method === "HEAD") {
    reply.raw.writeHead(200, STREAM_HEADERS).end();
    return;
  }
  // A stream asked for behind another request on its connection (pipelined) starts once that one is answered, when
  // Node hands its response the socket.
  if (reply.raw.socket) openStream(request, reply, bus, accept, owner, stillAllowed);
  else reply.raw.once("socket", () => openStream(request, reply, bus, accept, owner, stillAllowed));
}

function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  bus: EventBus,
  accept: (event: LiveEvent) => boolean,
  owner: StreamOwner,
  stillAllowed: (() => Promise<boolean>) | undefined,
): void {
  // The response is written straight to the socket, head included, and ended there (`end`): Node's response
  // object never writes, so it keeps no copy of the head (docs/decisions/0250-streams-keep-only-their-socket.md).
  const { socket, httpVersionMajor, httpVersionMinor } = request.raw;
  // The client left while its request was being checked (a session looked up): there is nothing to stream to, and
  // its socket's `close` has passed.
  if (socket.destroyed) return;
  const chunked = httpVersionMajor > 1 || (httpVersionMajor === 1 && httpVersionMinor >= 1);
  socket.write(headOf(chunked));
  releaseStreamResponse(reply.raw);
  const user = request.sessionUser ?? undefined;
  const admin = Boolean(user && request.routeOptions.url?.startsWith("/api/admin/"));
  const stream: Stream = {
    socket,
    chunked,
    accept,
    owner,
    session: user ? { userId: user.id, sessionId: user.sessionId } : undefined,
    adminEmail: admin ? user?.email : undefined,
    stillAllowed: admin ? stillAllowed : undefined,
  };
  const hub = hubFor(bus, request.server.deps.db);
  hub.streams.add(stream);
  for (const key of keysOf(owner)) hub.openBy.set(key, (hub.openBy.get(key) ?? 0) + 1);
  heartbeat ??= setInterval(beat, STREAM_HEARTBEAT_MS);
  // The socket closes however the stream ends: the client leaves, an error, back-pressure or `end`.
  socket.on("close", () => remove(bus, stream));
}

/** Open streams listening to this bus, i.e. of one app. */
export function openStreamCount(bus: EventBus): number {
  return hubs.get(bus)?.streams.size ?? 0;
}
