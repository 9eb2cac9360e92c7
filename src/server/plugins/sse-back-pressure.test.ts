import http from "node:http";
import net from "node:net";
import { expect, it, vi } from "vitest";
import { describeEachDialect } from "../test/test-app.js";
import { endStreamsOf, openStreamCount, STREAM_MAX_BUFFERED_BYTES } from "./sse.js";

describeEachDialect("live streams: a client that stops reading", (t) => {
  it("is closed once it falls too far behind, while a client that reads keeps getting every event", async () => {
    const { app } = t();
    const { bus } = app.deps;
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;

    // A reader that takes everything it is sent.
    let received = "";
    const reader = http.get({ host: "127.0.0.1", port, path: "/api/slots/stream", agent: false }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
      });
    });
    // A client that reads the first bytes, then never again.
    const stalled = net.connect(port, "127.0.0.1");
    stalled.write(`GET /api/slots/stream HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((resolve) => stalled.once("data", resolve));
    stalled.pause();
    await vi.waitFor(() => expect(openStreamCount(bus)).toBe(2));

    try {
      // Big events, so the socket buffers between the two fill up after a few megabytes.
      const filler = "x".repeat(7_000);
      let published = 0;
      // One at a time, each followed by a turn of the event loop for the reader to read.
      while (openStreamCount(bus) === 2 && published < 10_000) {
        await bus.publish({ topic: "slots", slotId: filler });
        published++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      expect(openStreamCount(bus)).toBe(1);
      expect(published * filler.length).toBeGreaterThan(STREAM_MAX_BUFFERED_BYTES);

      await bus.publish({ topic: "slots", slotId: "after-the-slow-one-left" });
      await vi.waitFor(() => expect(received).toContain("after-the-slow-one-left"), { timeout: 30_000 });
      expect(received.split(filler).length - 1).toBe(published);
    } finally {
      reader.destroy();
      stalled.destroy();
    }
  }, 120_000);

  it("sends an HTTP/1.0 client, which cannot read chunks, the bare events until it ends the stream", async () => {
    const { app } = t();
    const { bus } = app.deps;
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    const old = net.connect(port, "127.0.0.1");
    let received = "";
    old.setEncoding("utf8");
    old.on("data", (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise((resolve) => old.once("close", resolve));
    old.write("GET /api/slots/stream HTTP/1.0\r\n\r\n");
    await vi.waitFor(() => expect(received).toContain(": connected"));
    await bus.publish({ topic: "slots", slotId: "for-an-old-client" });
    await vi.waitFor(() => expect(received).toContain("for-an-old-client"));
    endStreamsOf(bus);
    await closed;
    expect(received).not.toMatch(/transfer-encoding/i);
    expect(received.split("\r\n\r\n")[1]).toBe(
      `retry: 1000\n: connected\n\nevent: slots\ndata: {"topic":"slots","slotId":"for-an-old-client"}\n\n`,
    );
  });
});
