import { spawn } from "node:child_process";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { emptyDatabase, freePort, startServer } from "./test/server-process.js";
import { DIALECTS, postgresAvailable } from "./test/test-app.js";

const STREAM_HEAD = "GET /api/slots/stream HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n\r\n";

/** A connection that sends `bytes` and then reads nothing more: the client that stopped reading. */
function stalledClient(port: number, bytes: string) {
  const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
  socket.on("error", () => undefined);
  const opened = new Promise<void>((resolve) =>
    socket.once("data", () => {
      socket.pause();
      resolve();
    }),
  );
  return { socket, opened };
}

const portOf = (url: string) => Number(new URL(url).port);
const secondsSince = (start: number) => (Date.now() - start) / 1000;

for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`SIGTERM stops the server [${dialect}]`, () => {
    it("ends its streams, closes what is half-sent and exits 0 within 10 s", async () => {
      const database = await emptyDatabase(dialect);
      const server = await startServer(database.url);
      try {
        const port = portOf(server.url);
        const streams = Array.from({ length: 20 }, () => stalledClient(port, STREAM_HEAD));
        await Promise.all(streams.map((stream) => stream.opened));
        // A head that never ends, on Node's parser: Node would wait headersTimeout (60 s) for it.
        const halfway = stalledClient(port, "GET /api/health HTTP/1.1\r\nHo");
        const stopping = Date.now();
        server.child.kill("SIGTERM");
        const exit = await server.exited;
        expect(exit).toEqual({ code: 0, signal: null });
        expect(secondsSince(stopping)).toBeLessThan(10);
        for (const client of [...streams, halfway]) client.socket.destroy();
      } finally {
        await server.stop();
        await database.drop();
      }
    }, 90_000);
  });
}

describe("SIGTERM's hard deadline", () => {
  it("exits at 10 s with what was still open in the log when the shutdown never finishes", async () => {
    const database = await emptyDatabase("sqlite");
    const server = await startServer(database.url, { TEST_CRASH_AT: "shutdown-stalls" });
    try {
      server.child.kill("SIGTERM");
      const exit = await server.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      const line = server
        .output()
        .split("\n")
        .find((text) => text.includes("shutdown took longer than 10 s"));
      expect(JSON.parse(line ?? "{}")).toMatchObject({ level: 50, open: expect.any(Object), streams: 0 });
    } finally {
      await database.drop();
    }
  }, 90_000);

  it("exits at once on a second Ctrl-C, but not on the same signal delivered twice", async () => {
    const database = await emptyDatabase("sqlite");
    const server = await startServer(database.url, { TEST_CRASH_AT: "shutdown-stalls" });
    try {
      // A Ctrl-C reaches the server from the terminal and again from `npm start`'s wrapper, at once.
      server.child.kill("SIGINT");
      server.child.kill("SIGINT");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(server.child.exitCode).toBeNull();
      const pressedAgain = Date.now();
      server.child.kill("SIGINT");
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(secondsSince(pressedAgain)).toBeLessThan(5);
      expect(server.output()).toContain("SIGINT again while shutting down: exiting now");
    } finally {
      await database.drop();
    }
  }, 90_000);

  it("kills the process a second later when its main thread is stuck and cannot run the deadline", async () => {
    const database = await emptyDatabase("sqlite");
    const server = await startServer(database.url, { TEST_CRASH_AT: "shutdown-blocks" });
    try {
      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
      expect(server.output()).toContain("the main thread did not answer: killed");
    } finally {
      await database.drop();
    }
  }, 90_000);
});

describe("npm start's wrapper (scripts/start.mjs)", () => {
  /** `npm run start:prod`'s process: the wrapper around the built server (built by the tests' global setup). */
  async function startWrapped(databaseUrl: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const child = spawn(process.execPath, ["scripts/start.mjs", "--prebuilt"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    for (let i = 0; i < 300 && !output.includes("is running at"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain("is running at");
    return { child, exited, output: () => output };
  }

  it("exits as its server did: 0 after a clean stop, 137 after the server was killed", async () => {
    const database = await emptyDatabase("sqlite");
    try {
      const clean = await startWrapped(database.url);
      clean.child.kill("SIGTERM");
      expect(await clean.exited).toEqual({ code: 0, signal: null });

      const stuck = await startWrapped(database.url, { TEST_CRASH_AT: "shutdown-blocks" });
      const stopping = Date.now();
      stuck.child.kill("SIGTERM");
      expect(await stuck.exited).toEqual({ code: 137, signal: null });
      expect(secondsSince(stopping)).toBeLessThan(13);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
