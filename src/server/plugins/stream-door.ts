import type * as Http from "node:http";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

// Required, not imported: an ES module's `import` from "node:http" makes Node read every export of it, its lazy
// `WebSocket` too, which loads Node's bundled fetch client (undici, 0.75 MB of source) into every server for nothing.
const http = createRequire(import.meta.url)("node:http") as typeof Http;

declare module "fastify" {
  interface FastifyContextConfig {
    /** A live stream (plugins/sse.ts): opened as its connection's first request, it is read by the stream door. */
    liveStream?: boolean;
  }
}

/**
 * The responses the door made. Once a stream's head is on its socket, the response lets go of the socket
 * (`releaseStreamResponse`) and nothing keeps the request or the response.
 */
const doorResponses = new WeakSet<Http.ServerResponse>();

/** What the door reads: a GET or HEAD of a stream path, HTTP/1.0 or 1.1, with nothing after the head. */
const CANDIDATE = /^(?:GET|HEAD) \/api\//;
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.([01])$/;
/** Headers that mean more than a plain GET: a body, an upgrade, an expectation. Node answers those. */
const NOT_PLAIN = new Set(["content-length", "transfer-encoding", "upgrade", "expect"]);
const MAX_FIELDS = 100;

/** RFC 9110's token characters, by byte. */
const TOKEN = byteTable((byte) => /[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(String.fromCharCode(byte)));
/** What a field value may hold: visible characters, spaces, tabs and obs-text (RFC 9110, 5.5). */
const VALUE = byteTable((byte) => byte === 0x09 || (byte >= 0x20 && byte !== 0x7f));

function byteTable(allowed: (byte: number) => boolean): Uint8Array {
  return Uint8Array.from({ length: 256 }, (_, byte) => (allowed(byte) ? 1 : 0));
}

const isWhitespace = (code: number) => code === 0x20 || code === 0x09;

/**
 * A field line's name and value (its surrounding spaces and tabs trimmed), or undefined if it is not a plain one.
 * Read by index, one pass over the line: a pattern whose optional white space overlaps the value backtracks
 * quadratically on a long run of spaces before a bad byte (docs/security.md, Live streams and shutdown).
 */
function readFieldLine(line: string): { name: string; value: string } | undefined {
  const colon = line.indexOf(":");
  if (colon < 1) return;
  for (let i = 0; i < colon; i++) if (!TOKEN[line.charCodeAt(i)]) return;
  let start = colon + 1;
  let end = line.length;
  for (let i = start; i < end; i++) if (!VALUE[line.charCodeAt(i)]) return;
  while (start < end && isWhitespace(line.charCodeAt(start))) start++;
  while (end > start && isWhitespace(line.charCodeAt(end - 1))) end--;
  return { name: line.slice(0, colon), value: line.slice(start, end) };
}

interface StreamRequestHead {
  method: string;
  url: string;
  minor: number;
  rawHeaders: string[];
  /** By lower-case name; each name appears once (Node's rules for repeated fields stay Node's). */
  headers: Record<string, string>;
}

/**
 * The head of a live stream request that is the whole first read of its connection, or undefined: anything else,
 * or anything unusual about it (a second Host, a body, a folded line, a bare LF, a head split over two reads), is
 * left to Node's parser, which answers it as it answers every request.
 */
export function readStreamHead(
  chunk: Buffer,
  isStreamPath: (path: string) => boolean,
  maxHeaderSize: number,
): StreamRequestHead | undefined {
  if (chunk.length > maxHeaderSize || chunk.length < 4 || chunk.indexOf("\r\n\r\n") !== chunk.length - 4) return;
  const text = chunk.toString("latin1", 0, chunk.length - 4);
  if (!CANDIDATE.test(text)) return;
  const lines = text.split("\r\n");
  const request = REQUEST_LINE.exec(lines[0] ?? "");
  if (!request || lines.length - 1 > MAX_FIELDS) return;
  const [, method = "", url = "", minor = ""] = request;
  if (!isStreamPath(url.split("?", 1)[0] ?? "")) return;
  const rawHeaders: string[] = [];
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const field = readFieldLine(line);
    if (!field) return;
    const { name, value } = field;
    const lower = name.toLowerCase();
    if (NOT_PLAIN.has(lower) || headers.has(lower)) return;
    headers.set(lower, value);
    rawHeaders.push(name, value);
  }
  // HTTP/1.1 requires a Host; Node refuses a request without one (400), so it answers it.
  if (minor === "1" && !headers.has("host")) return;
  return { method, url, minor: Number(minor), rawHeaders, headers: Object.fromEntries(headers) };
}

/**
 * The stream door (docs/decisions/0253-stream-door.md). Node's HTTP server keeps a parser on every connection for as
 * long as it is open, with the request's objects hanging from it: about 9 of an open stream's 12 KB. A stream never
 * carries a second request, so when a connection's first read is the whole head of a live stream request, the door
 * reads it itself and hands Fastify the request as Node would (the server's `request` event); the connection never
 * gets a parser. Every other connection goes to Node's HTTP server untouched, its first read put back first.
 */
export function registerStreamDoor(app: FastifyInstance): void {
  const streamPaths = new Set<string>();
  app.addHook("onRoute", (route) => {
    if (route.config?.liveStream) streamPaths.add(route.url);
  });
  const isStreamPath = (path: string) => streamPaths.has(path);
  const server = app.server;
  const nodeListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  const handOver = (socket: Socket) => {
    for (const listener of nodeListeners) listener.call(server, socket);
  };
  // Connections waiting for their first read, each with what drops it. They have asked for nothing, so a closing app
  // drops them at once (Node would hold its close for them until headersTimeout); from then on every new connection
  // is Node's, which answers with 503.
  const waiting = new Map<Socket, () => void>();
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    for (const drop of [...waiting.values()]) drop();
  });
  server.on("connection", (socket: Socket) => {
    if (closing) return handOver(socket);
    const leave = () => {
      waiting.delete(socket);
      socket.off("data", onFirst).off("error", drop).off("end", drop).off("timeout", drop).setTimeout(0);
    };
    const drop = () => {
      leave();
      socket.destroy();
    };
    const onFirst = (chunk: Buffer) => {
      leave();
      socket.pause();
      const head = readStreamHead(chunk, isStreamPath, http.maxHeaderSize);
      if (head) openStream(server, socket, head);
      else {
        socket.unshift(chunk);
        handOver(socket);
        socket.resume();
      }
    };
    waiting.set(socket, drop);
    socket.on("data", onFirst).on("error", drop).on("end", drop).on("timeout", drop);
    // A connection that sends nothing is dropped after as long as Node waits for a head (headersTimeout).
    socket.setTimeout(server.headersTimeout);
  });
}

function openStream(server: Http.Server, socket: Socket, head: StreamRequestHead): void {
  // A stream's connection carries nothing after its request: more bytes, the client's end or an error close it.
  const drop = () => socket.destroy();
  socket.on("error", drop).on("end", drop).on("data", drop);
  const request = new http.IncomingMessage(socket);
  request.method = head.method;
  request.url = head.url;
  request.httpVersionMajor = 1;
  request.httpVersionMinor = head.minor;
  request.httpVersion = `1.${head.minor}`;
  request.rawHeaders = head.rawHeaders;
  request.headers = head.headers;
  request.headersDistinct = Object.fromEntries(Object.entries(head.headers).map(([name, value]) => [name, [value]]));
  request.complete = true;
  request.push(null);
  const response = new http.ServerResponse(request);
  // A refusal (401, 429) or a HEAD is a whole response; the connection closes after it, as its header says.
  response.shouldKeepAlive = false;
  response.on("finish", () => endConnection(socket));
  response.assignSocket(socket);
  doorResponses.add(response);
  socket.resume();
  server.emit("request", request, response);
}

/** How long an ended connection waits for a client that has stopped reading before it is destroyed anyway. */
export const CONNECTION_END_GRACE_MS = 2_000;

/**
 * Ends a connection once what was written to it (and `last`) is sent, then destroys it; a client that has stopped
 * reading gets CONNECTION_END_GRACE_MS, so no ended connection keeps its socket, handle or memory.
 */
export function endConnection(socket: Socket, last?: Buffer): void {
  const destroy = () => socket.destroy();
  socket.setTimeout(CONNECTION_END_GRACE_MS, destroy);
  if (last) socket.end(last, destroy);
  else socket.end(destroy);
}

/**
 * Called once a stream's head is on its socket: a response the door made lets go of the socket, so the request and
 * the response are garbage and the socket is all the stream keeps. A response of Node's server is left as it is.
 */
export function releaseStreamResponse(response: Http.ServerResponse): void {
  if (doorResponses.has(response) && response.socket) response.detachSocket(response.socket);
}
