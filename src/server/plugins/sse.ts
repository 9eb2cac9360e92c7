import type { FastifyReply, FastifyRequest } from "fastify";
import { STREAM_HEARTBEAT_MS } from "../../shared/constants.js";
import type { EventBus, LiveEvent } from "../modules/events/bus.js";

type Response = FastifyReply["raw"];

interface Stream {
  res: Response;
  accept: (event: LiveEvent) => boolean;
}

/**
 * Every open stream of the process, whichever bus it listens to. One bus subscription per bus and
 * one heartbeat timer for all streams: an event is serialized once into one buffer and written
 * to each stream that accepts it, so 10,000 open streams cost 10,000 socket writes per event and
 * nothing more (docs/benchmarks.md, bench:streams).
 */
const hubs = new Map<EventBus, { streams: Set<Stream>; unsubscribe: () => void }>();
let heartbeat: NodeJS.Timeout | undefined;

const frame = (event: LiveEvent) => Buffer.from(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);

function hubFor(bus: EventBus): Set<Stream> {
  const existing = hubs.get(bus);
  if (existing) return existing.streams;
  const streams = new Set<Stream>();
  const unsubscribe = bus.subscribe((event) => {
    let bytes: Buffer | undefined;
    for (const stream of streams) {
      if (!stream.accept(event)) continue;
      bytes ??= frame(event);
      stream.res.write(bytes);
    }
  });
  hubs.set(bus, { streams, unsubscribe });
  return streams;
}

function beat(): void {
  const bytes = Buffer.from(`event: heartbeat\ndata: ${Date.now()}\n\n`);
  for (const { streams } of hubs.values()) for (const stream of streams) stream.res.write(bytes);
}

function remove(bus: EventBus, stream: Stream): void {
  const hub = hubs.get(bus);
  if (!hub?.streams.delete(stream)) return;
  if (hub.streams.size === 0) {
    hub.unsubscribe();
    hubs.delete(bus);
  }
  if (hubs.size === 0 && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }
}

/** Ends every open stream so a graceful shutdown is not held up by long-lived connections. */
export function endAllStreams(): void {
  for (const [bus, { streams }] of [...hubs]) {
    for (const stream of [...streams]) {
      remove(bus, stream);
      stream.res.end();
    }
  }
}

/**
 * Streams matching live events as server-sent events, with a heartbeat every
 * STREAM_HEARTBEAT_MS so clients can tell a quiet stream from a dead one (docs/product.md).
 */
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
  const stream: Stream = { res, accept };
  hubFor(bus).add(stream);
  heartbeat ??= setInterval(beat, STREAM_HEARTBEAT_MS);
  const stop = () => remove(bus, stream);
  request.raw.on("close", stop);
  res.on("error", stop);
}
