import type { FastifyReply, FastifyRequest } from "fastify";
import { STREAM_HEARTBEAT_MS } from "../../shared/constants.js";
import type { EventBus, LiveEvent } from "../modules/events/bus.js";

/**
 * Streams matching live events as server-sent events, with a heartbeat comment so clients can
 * tell a quiet stream from a dead one (docs/product.md, Network and deploys).
 */
const openStreams = new Set<FastifyReply["raw"]>();

/** Ends every open stream so a graceful shutdown is not held up by long-lived connections. */
export function endAllStreams(): void {
  for (const res of openStreams) res.end();
  openStreams.clear();
}

export function streamLiveEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  bus: EventBus,
  accept: (event: LiveEvent) => boolean,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write(`retry: 1000\n: connected\n\n`);
  const heartbeat = setInterval(() => res.write(`event: heartbeat\ndata: ${Date.now()}\n\n`), STREAM_HEARTBEAT_MS);
  const unsubscribe = bus.subscribe((event) => {
    if (accept(event)) res.write(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  openStreams.add(res);
  const stop = () => {
    openStreams.delete(res);
    clearInterval(heartbeat);
    unsubscribe();
  };
  request.raw.on("close", stop);
  res.on("error", stop);
}
