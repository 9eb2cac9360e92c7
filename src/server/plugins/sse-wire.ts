import type { LiveEvent } from "../infrastructure/events/bus.js";

/** One server-sent event, as bare bytes (HTTP/1.0) and as one chunk of a chunked body (`size CRLF bytes CRLF`). */
export interface Frame {
  bare: Buffer;
  chunk: Buffer;
}

export function frameOf(text: string): Frame {
  const bare = Buffer.from(text);
  const chunk = Buffer.concat([Buffer.from(`${bare.length.toString(16)}\r\n`), bare, Buffer.from("\r\n")]);
  return { bare, chunk };
}

/** The headers of every stream, in the order Node writes them after ours. */
export const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};
const OPENING = "retry: 1000\n: connected\n\n";
/** The end of a chunked body; an HTTP/1.0 client's body ends with the connection. */
export const LAST_CHUNK = Buffer.from("0\r\n\r\n");

/**
 * A stream's head and opening lines, the bytes `res.writeHead` and `res.write` sent, built once a second (the Date
 * header) and shared by every stream opened in it. Node keeps the head it writes as a string of about 23 pieces for
 * the life of the response (0.7 KB a stream); this one buffer is all the streams of a second keep.
 */
let heads: { date: string; chunked: Buffer; bare: Buffer } | undefined;

export function headOf(chunked: boolean): Buffer {
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

/** A live event, framed once for every stream that accepts it. */
export const eventFrame = (event: LiveEvent) => frameOf(`event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`);

/** The heartbeat: a quiet stream tells a client it is alive. */
export const heartbeatFrame = () => frameOf(`event: heartbeat\ndata: ${Date.now()}\n\n`);
