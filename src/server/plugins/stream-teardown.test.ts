import type net from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import type { FastifyInstance } from "fastify";
import { expect, it, vi } from "vitest";
import { openResources } from "../shutdown.js";
import { portOf, rawConnection } from "../test/raw-http.js";
import { createTestApp, describeEachDialect } from "../test/test-app.js";
import { openStreamCount } from "./sse.js";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const WAVE = 1_000;
const LIMITS = { STREAM_LIMIT_PER_CLIENT: "10000", STREAM_LIMIT_TOTAL: "10000" };
/** Heap a few thousand closed streams may leave behind in compiled code and caches; one leaked stream is 5 KB. */
const HEAP_SLACK_BYTES = 4 * 1024 * 1024;

const streamHead = (path: string, cookie?: string) =>
  `GET ${path} HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`;

type Client = ReturnType<typeof rawConnection>;

/** Opens `count` connections, `write` sends each its first bytes, and resolves once each has `ready`. */
async function connect(
  port: number,
  count: number,
  write: (socket: net.Socket) => void,
  ready: (c: Client) => boolean,
) {
  const clients = Array.from({ length: count }, () => rawConnection(port));
  for (const client of clients) client.socket.once("connect", () => write(client.socket)).on("error", () => undefined);
  await vi.waitFor(() => expect(clients.filter(ready)).toHaveLength(count), { timeout: 60_000, interval: 50 });
  return clients;
}

const connected = (client: Client) => client.received().includes(": connected");

/** Handles by kind and the heap after a full collection. */
async function settled() {
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  collectGarbage();
  return { handles: openResources(), heap: process.memoryUsage().heapUsed };
}

type Snapshot = Awaited<ReturnType<typeof settled>>;
const atIdle = (now: Snapshot, idle: Snapshot) =>
  Object.entries(now.handles).every(([kind, count]) => count <= (idle.handles[kind] ?? 0)) &&
  now.heap < idle.heap + HEAP_SLACK_BYTES;

/**
 * One wave on a running app: anonymous streams ended by their client (FIN) or reset (RST), signed-in streams ended
 * by their sign-out, and connections that leave before or halfway through their head.
 */
async function wave(t: () => { app: FastifyInstance; signIn(email: string): Promise<string> }, round: number) {
  const { app } = t();
  const port = await portOf(app);
  const cookie = await t().signIn(`teardown-${round}-${Date.now()}@example.com`);
  const third = Math.floor(WAVE / 3);
  const [finished, reset, signedIn, halfway] = await Promise.all([
    connect(port, third, (socket) => socket.write(streamHead("/api/slots/stream")), connected),
    connect(port, third, (socket) => socket.write(streamHead("/api/slots/stream")), connected),
    connect(port, WAVE - 2 * third, (socket) => socket.write(streamHead("/api/me/stream", cookie)), connected),
    connect(
      port,
      50,
      (socket) => socket.write("GET /api/slots/stream HTTP/1.1\r\nHo"),
      () => true,
    ),
  ]);
  expect(openStreamCount(app.deps.bus)).toBe(WAVE);
  for (const client of finished) client.socket.end();
  for (const client of reset) client.socket.resetAndDestroy();
  for (const client of halfway) client.socket.destroy();
  const signOut = await t().app.inject({
    method: "POST",
    url: "/api/auth/sign-out",
    headers: { cookie, origin: app.deps.config.publicUrl },
    payload: {},
  });
  expect(signOut.statusCode).toBe(200);
  await Promise.all([...finished, ...reset, ...signedIn, ...halfway].map((client) => client.closed));
  await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
}

describeEachDialect(
  "live streams let go of their socket, handle and memory however they end",
  (t) => {
    it("an app closing while a stream's client has stopped reading lets go of it within seconds", async () => {
      const doomed = await createTestApp(t().dialect);
      try {
        const { app } = doomed;
        const serverSide = new Promise<net.Socket>((resolve) => app.server.once("connection", resolve));
        const [client] = await connect(
          await portOf(app),
          1,
          (s) => s.write(streamHead("/api/slots/stream")),
          connected,
        );
        const socket = await serverSide;
        client?.socket.pause();
        // Events until the kernel's buffers are full and the rest waits in the socket, short of the back-pressure cap.
        for (let i = 0; i < 20_000 && socket.writableLength === 0; i++) {
          await app.deps.bus.publish({ topic: "slots", slotId: "x".repeat(4_096) });
          if (i % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        expect(socket.writableLength).toBeGreaterThan(0);
        expect(openStreamCount(app.deps.bus)).toBe(1);
        // The client still reads nothing: ending the stream must not wait for it, nor must the close.
        const closing = app.close();
        const closed = await Promise.race([
          closing.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 10_000)),
        ]);
        expect(socket.destroyed).toBe(true);
        expect(closed).toBe(true);
        client?.socket.destroy();
        await closing;
      } finally {
        await doomed.close();
      }
    });

    it("waves of streams opened and dropped, and an app closed mid-wave, leave handles and heap at their idle level", async () => {
      await wave(t, 0);
      const doomed = await createTestApp(t().dialect, LIMITS);
      const doomedPort = await portOf(doomed.app);
      const idle = await settled();

      for (let round = 1; round <= 3; round++) {
        await wave(t, round);
      }

      // The app closes while a wave is still arriving: streams open, heads halfway, connections just made.
      const open = await connect(doomedPort, WAVE, (s) => s.write(streamHead("/api/slots/stream")), connected);
      const halfway = await connect(
        doomedPort,
        50,
        (s) => s.write("GET /api/slots/stream HTTP/1.1\r\nHo"),
        () => true,
      );
      const arriving = Array.from({ length: 200 }, () => rawConnection(doomedPort));
      for (const client of arriving) {
        client.socket
          .on("error", () => undefined)
          .once("connect", () => client.socket.write(streamHead("/api/slots/stream")));
      }
      await doomed.close();
      await Promise.all([...open, ...halfway, ...arriving].map((client) => client.closed));
      expect(openStreamCount(doomed.app.deps.bus)).toBe(0);

      // Polled by hand: vi.waitFor's own timers would count as open handles.
      let now = await settled();
      for (let tries = 0; tries < 40 && !atIdle(now, idle); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        now = await settled();
      }
      for (const [kind, count] of Object.entries(now.handles)) {
        expect(count, kind).toBeLessThanOrEqual(idle.handles[kind] ?? 0);
      }
      expect(now.heap).toBeLessThan(idle.heap + HEAP_SLACK_BYTES);
    }, 180_000);
  },
  LIMITS,
);
