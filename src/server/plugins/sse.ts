import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import type { Config } from "../config.js";
import type { EventBus, LiveEvent } from "../infrastructure/events/bus.js";
import { clientKey } from "./rate-limit.js";
import { addStream, type Hub, hubOf, type Stream, type StreamOwner } from "./sse-hub.js";
import { headOf, STREAM_HEADERS } from "./sse-wire.js";
import { releaseStreamResponse } from "./stream-door.js";

export { endStreamsOf, openStreamCount, STREAM_MAX_BUFFERED_BYTES } from "./sse-hub.js";

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
  if (!hasRoomFor(hubOf(bus), owner, request.server.deps.config)) {
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
  addStream(bus, request.server.deps.db, stream);
}
