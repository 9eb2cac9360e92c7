import type { FastifyReply, FastifyRequest } from "fastify";
import { STREAM_HEARTBEAT_MS } from "../../shared/constants.js";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import type { EventBus, LiveEvent } from "../infrastructure/events/bus.js";
import { sessionKeyOf } from "./auth.js";

type Response = FastifyReply["raw"];

interface Stream {
  res: Response;
  accept: (event: LiveEvent) => boolean;
  /** Whose stream it is, for the per-client cap: the signed-in user, else the address. */
  client: string;
  /** The session it was opened with (ends at its sign-out) and, on admin routes, the admin. */
  sessionKey: string | undefined;
  adminEmail: string | undefined;
  /** Checked at every heartbeat: admin rights can end without an event (the shell, 12 hours). */
  stillAllowed: (() => Promise<boolean>) | undefined;
}

/**
 * Every open stream of the process, whichever bus it listens to. One bus subscription per bus and
 * one heartbeat timer for all streams: an event is serialized once into one buffer and written
 * to each stream that accepts it, so 10,000 open streams cost 10,000 socket writes per event and
 * nothing more (docs/benchmarks.md, bench:streams).
 */
interface Hub {
  streams: Set<Stream>;
  perClient: Map<string, number>;
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

const frame = (event: LiveEvent) => Buffer.from(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);

/** Streams a revoked session or a removed admin must not keep (docs/security.md, Live streams). */
function isRevokedBy(stream: Stream, event: LiveEvent): boolean {
  if (event.topic === "session_revoked") return stream.sessionKey === event.key;
  if (event.topic === "admin_removed") return stream.adminEmail === event.email;
  return false;
}

function hubFor(bus: EventBus): Hub {
  const existing = hubs.get(bus);
  if (existing) return existing;
  const streams = new Set<Stream>();
  const unsubscribe = bus.subscribe((event) => {
    if (event.topic === "session_revoked" || event.topic === "admin_removed") {
      for (const stream of [...streams]) if (isRevokedBy(stream, event)) end(bus, stream);
      return;
    }
    let bytes: Buffer | undefined;
    for (const stream of streams) {
      if (!stream.accept(event)) continue;
      bytes ??= frame(event);
      send(bus, stream, bytes);
    }
  });
  const hub = { streams, perClient: new Map<string, number>(), unsubscribe };
  hubs.set(bus, hub);
  return hub;
}

/** Writes to one stream; one that is too far behind is closed and forgotten (back-pressure). False if closed. */
function send(bus: EventBus, stream: Stream, bytes: Buffer): boolean {
  if (stream.res.writableLength + bytes.length > STREAM_MAX_BUFFERED_BYTES) {
    remove(bus, stream);
    stream.res.destroy();
    return false;
  }
  stream.res.write(bytes);
  return true;
}

function beat(): void {
  const bytes = Buffer.from(`event: heartbeat\ndata: ${Date.now()}\n\n`);
  for (const [bus, { streams }] of hubs) {
    for (const stream of streams) {
      if (!send(bus, stream, bytes)) continue;
      void stream.stillAllowed?.().then(
        (allowed) => allowed || end(bus, stream),
        () => undefined,
      );
    }
  }
}

function end(bus: EventBus, stream: Stream): void {
  remove(bus, stream);
  stream.res.end();
}

function remove(bus: EventBus, stream: Stream): void {
  const hub = hubs.get(bus);
  if (!hub?.streams.delete(stream)) return;
  const left = (hub.perClient.get(stream.client) ?? 1) - 1;
  if (left > 0) hub.perClient.set(stream.client, left);
  else hub.perClient.delete(stream.client);
  if (hub.streams.size === 0) {
    hub.unsubscribe();
    hubs.delete(bus);
  }
  if (hubs.size === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/**
 * Ends the open streams of one app (those on its bus) so its graceful shutdown is not held up by
 * long-lived connections; another app in the same process keeps its own.
 */
export function endStreamsOf(bus: EventBus): void {
  for (const stream of [...(hubs.get(bus)?.streams ?? [])]) {
    remove(bus, stream);
    stream.res.end();
  }
}

/**
 * Streams matching live events as server-sent events, with a heartbeat every
 * STREAM_HEARTBEAT_MS so clients can tell a quiet stream from a dead one (docs/product.md).
 * Refuses (429) a client over STREAM_LIMIT_PER_CLIENT or a process over STREAM_LIMIT_TOTAL.
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
  const { streamLimitPerClient, streamLimitTotal } = request.server.deps.config;
  const user = request.sessionUser ?? undefined;
  const client = user ? `user:${user.id}` : `ip:${request.ip}`;
  const hub = hubFor(bus);
  if (hub.streams.size >= streamLimitTotal || (hub.perClient.get(client) ?? 0) >= streamLimitPerClient) {
    throw new AppError("RATE_LIMITED", API_MESSAGES.tooManyStreams, { details: 60 });
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  // HEAD (an uptime monitor) learns the stream is there; it gets no body, so nothing stays open.
  if (request.method === "HEAD") {
    res.end();
    return;
  }
  res.write(`retry: 1000\n: connected\n\n`);
  const admin = Boolean(user && request.routeOptions.url?.startsWith("/api/admin/"));
  const stream: Stream = {
    res,
    accept,
    client,
    sessionKey: user ? sessionKeyOf(request) : undefined,
    adminEmail: admin ? user?.email : undefined,
    stillAllowed: admin ? stillAllowed : undefined,
  };
  hub.streams.add(stream);
  hub.perClient.set(client, (hub.perClient.get(client) ?? 0) + 1);
  heartbeat ??= setInterval(beat, STREAM_HEARTBEAT_MS);
  const stop = () => remove(bus, stream);
  request.raw.on("close", stop);
  res.on("error", stop);
}

/** Open streams listening to this bus, i.e. of one app. */
export function openStreamCount(bus: EventBus): number {
  return hubs.get(bus)?.streams.size ?? 0;
}
