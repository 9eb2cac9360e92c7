import net from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { expect, it, vi } from "vitest";
import { portOf, rawConnection } from "../test/raw-http.js";
import { describeEachDialect } from "../test/test-app.js";
import { endStreamsOf, openStreamCount } from "./sse.js";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** A stream asked for by hand, so the test sees the bytes on the wire. */
function rawStream(port: number) {
  const connection = rawConnection(port);
  connection.socket.write(
    `GET /api/slots/stream HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\n\r\n`,
  );
  return connection;
}

describeEachDialect("live streams on the wire", (t) => {
  it("sends the stream's head and events, and at the end the last chunk before the connection closes", async () => {
    const { app } = t();
    const { bus } = app.deps;
    const client = rawStream(await portOf(app));
    await vi.waitFor(() => expect(client.received()).toContain(": connected"));
    await bus.publish({ topic: "slots", slotId: "on-the-wire" });
    await vi.waitFor(() => expect(client.received()).toContain("on-the-wire"));
    endStreamsOf(bus);
    await client.closed;

    const received = client.received();
    const headEnd = received.indexOf("\r\n\r\n");
    const [head, body] = [received.slice(0, headEnd), received.slice(headEnd + 4)];
    const lines = head.split("\r\n");
    expect(lines[0]).toBe("HTTP/1.1 200 OK");
    const headers = Object.fromEntries(
      lines.slice(1).map((line) => {
        const [name = "", ...value] = line.split(": ");
        return [name.toLowerCase(), value.join(": ")];
      }),
    );
    expect(headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      "transfer-encoding": "chunked",
    });
    expect(new Date(headers.date ?? "").getTime()).not.toBeNaN();
    const event = `event: slots\ndata: {"topic":"slots","slotId":"on-the-wire"}\n\n`;
    expect(body).toBe(
      `19\r\nretry: 1000\n: connected\n\n\r\n${Buffer.byteLength(event).toString(16)}\r\n${event}\r\n0\r\n\r\n`,
    );
  });

  it("sends the heartbeat to every open stream", async () => {
    const { app } = t();
    const port = await portOf(app);
    const clients = [rawStream(port), rawStream(port), rawStream(port)];
    try {
      await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(3));
      await vi.waitFor(
        () => {
          for (const client of clients) expect(client.received()).toContain("event: heartbeat");
        },
        { timeout: 25_000, interval: 200 },
      );
    } finally {
      for (const client of clients) client.socket.destroy();
    }
  }, 30_000);

  it("lets go of a stream's connection once its client leaves", async () => {
    const { app } = t();
    const port = await portOf(app);
    let connection: WeakRef<net.Socket> | undefined;
    app.server.once("connection", (socket: net.Socket) => {
      connection = new WeakRef(socket);
    });
    const client = rawStream(port);
    await vi.waitFor(() => expect(client.received()).toContain(": connected"));
    expect(openStreamCount(app.deps.bus)).toBe(1);
    expect(connection?.deref()).toBeInstanceOf(net.Socket);
    client.socket.destroy();
    await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
    await vi.waitFor(async () => {
      // A turn of the event loop first: a WeakRef read in this turn holds its target until the turn ends.
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      expect(connection?.deref()).toBeUndefined();
    });
  });
});
