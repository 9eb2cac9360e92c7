import { createHook } from "node:async_hooks";
import http from "node:http";
import net from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { portOf, rawConnection } from "../test/raw-http.js";
import { createTestApp, describeEachDialect } from "../test/test-app.js";
import { openStreamCount } from "./sse.js";
import { readStreamHead } from "./stream-door.js";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const isStreamPath = (path: string) => path === "/api/slots/stream";
const head = (text: string) => readStreamHead(Buffer.from(text, "latin1"), isStreamPath, 16 * 1024);
const STREAM = "GET /api/slots/stream HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nAccept: text/event-stream\r\n";

describe("the stream door's reading of a head", () => {
  it("reads a stream request that is the whole first read, as Node would", () => {
    expect(head(`${STREAM}Connection: close\r\n\r\n`)).toEqual({
      method: "GET",
      url: "/api/slots/stream",
      minor: 1,
      rawHeaders: ["Host", "127.0.0.1:3000", "Accept", "text/event-stream", "Connection", "close"],
      headers: { host: "127.0.0.1:3000", accept: "text/event-stream", connection: "close" },
    });
    expect(head("HEAD /api/slots/stream?from=today HTTP/1.0\r\nX-Forwarded-For:  203.0.113.9 \r\n\r\n")).toEqual({
      method: "HEAD",
      url: "/api/slots/stream?from=today",
      minor: 0,
      rawHeaders: ["X-Forwarded-For", "203.0.113.9"],
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
  });

  it.each([
    ["another path", "GET /api/slots HTTP/1.1\r\nHost: a\r\n\r\n"],
    ["a stream path spelled differently", "GET /api/slots/%73tream HTTP/1.1\r\nHost: a\r\n\r\n"],
    ["another method", "POST /api/slots/stream HTTP/1.1\r\nHost: a\r\n\r\n"],
    ["a head split over two reads", STREAM],
    ["bytes after the head", `${STREAM}\r\nGET /api/health HTTP/1.1\r\nHost: a\r\n\r\n`],
    ["a second Host", `${STREAM}Host: b\r\n\r\n`],
    ["no Host on HTTP/1.1", "GET /api/slots/stream HTTP/1.1\r\nAccept: */*\r\n\r\n"],
    ["a repeated field", `${STREAM}Accept: */*\r\n\r\n`],
    ["a body", `${STREAM}Content-Length: 0\r\n\r\n`],
    ["a chunked body", `${STREAM}Transfer-Encoding: chunked\r\n\r\n`],
    ["an upgrade", `${STREAM}Upgrade: websocket\r\n\r\n`],
    ["an expectation", `${STREAM}Expect: 100-continue\r\n\r\n`],
    ["a folded line", `${STREAM}X-Note: a\r\n b\r\n\r\n`],
    ["a bare LF", `${STREAM}X-Note: a\nX-Other: b\r\n\r\n`],
    ["a control character in a value", `${STREAM}X-Note: a\x01b\r\n\r\n`],
    ["a space before the colon", `${STREAM}X-Note : a\r\n\r\n`],
    ["an absolute URL", "GET http://a/api/slots/stream HTTP/1.1\r\nHost: a\r\n\r\n"],
    ["another version", "GET /api/slots/stream HTTP/2.0\r\nHost: a\r\n\r\n"],
    ["too many fields", `${STREAM}${"X-N: 1\r\n".repeat(100)}\r\n`],
  ])("leaves %s to Node's parser", (_case, text) => {
    expect(head(text)).toBeUndefined();
  });

  it("leaves a head over Node's header size to Node's parser, which refuses it", () => {
    const text = `${STREAM}X-Long: ${"a".repeat(100)}\r\n\r\n`;
    expect(readStreamHead(Buffer.from(text), isStreamPath, text.length)).toBeDefined();
    expect(readStreamHead(Buffer.from(text), isStreamPath, text.length - 1)).toBeUndefined();
  });
});

/** What Node's own HTTP server makes of a request's bytes: the request it emits, or undefined if it emits none. */
function nodeParser() {
  const seen = new Map<number, { method?: string; url?: string; minor: number; rawHeaders: string[] }>();
  const server = http.createServer((request, response) => {
    seen.set(request.socket.remotePort ?? 0, {
      method: request.method,
      url: request.url,
      minor: request.httpVersionMinor,
      rawHeaders: request.rawHeaders,
    });
    response.end();
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async parse(bytes: Buffer) {
      const socket = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      const port = socket.localPort ?? 0;
      socket.on("data", () => undefined).on("error", () => undefined);
      socket.write(bytes);
      // Answered (200 from the handler, 400 from Node), closed, or nothing after a short wait.
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 100);
        socket.once("data", () => resolve(clearTimeout(timer))).once("close", () => resolve(clearTimeout(timer)));
      });
      socket.destroy();
      return seen.get(port);
    },
  };
}

describe("the stream door against Node's parser", () => {
  const node = nodeParser();
  beforeAll(node.start);
  afterAll(node.stop);

  /** Mostly what a browser or a proxy sends, sometimes something odd: the door must read the first as Node does. */
  const mostly = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: usual, weight: 6 }, { arbitrary: odd, weight: 1 });
  const token = mostly(
    fc.constantFrom("Accept", "X-Forwarded-For", "Cookie", "User-Agent", "Cache-Control", "Last-Event-ID"),
    fc.constantFrom("host", "X Y", "", "Content-Length", "Upgrade", "X-\u00e9"),
  );
  const oddCharacter = fc.constantFrom("a", " ", "\t", "\r", "\n", "\x00", "\x01", "\x7f", "\xe9", ":", "=", ";");
  /** Runs of white space around and between other bytes: what made a backtracking pattern slow. */
  const whitespaceRun = fc
    .tuple(fc.constantFrom(" ", "\t", " \t"), fc.integer({ min: 1, max: 2_000 }), oddCharacter)
    .map(([blank, times, after]) => `${blank.repeat(times)}${after}`);
  const value = mostly(
    fc.constantFrom("text/event-stream", "a=1; b=2", " padded ", "", "0", "Mozilla/5.0 (Linux; Android 14)"),
    fc.oneof(
      fc.string({ unit: oddCharacter }),
      fc.array(whitespaceRun, { minLength: 1, maxLength: 3 }).map((runs) => runs.join("")),
    ),
  );
  const field = fc.tuple(
    token,
    mostly(fc.constant(": "), fc.constantFrom(":", " :", ":\t", ":  ")),
    value,
    mostly(fc.constant("\r\n"), fc.constantFrom("\n", "\r", "\r\r\n")),
  );
  const head = fc.record({
    method: mostly(fc.constantFrom("GET", "HEAD"), fc.constantFrom("POST", "get", "GET\t")),
    path: mostly(
      fc.constantFrom("/api/slots/stream", "/api/slots/stream?from=today&x=%20"),
      fc.constantFrom("/api/slots/stream#x", "/api/slots/%73tream", "/api/slots/stream?\x01", "*"),
    ),
    version: mostly(fc.constantFrom("HTTP/1.1", "HTTP/1.0"), fc.constantFrom("HTTP/1.2", "http/1.1", "HTTP/1.1 ")),
    fields: fc.array(field, { maxLength: 5 }),
    host: mostly(fc.constant(true), fc.constant(false)),
  });

  it("reads only heads Node accepts, and reads them as Node does", async () => {
    let read = 0;
    await fc.assert(
      fc.asyncProperty(head, async ({ method, path, version, fields, host }) => {
        const lines = [`${method} ${path} ${version}\r\n`, host ? "Host: a\r\n" : ""];
        for (const [name, separator, text, end] of fields) lines.push(`${name}${separator}${text}${end}`);
        const bytes = Buffer.from(`${lines.join("")}\r\n`, "latin1");
        const door = readStreamHead(bytes, isStreamPath, 16 * 1024);
        if (!door) return;
        read += 1;
        const parsed = await node.parse(bytes);
        expect(parsed).toEqual({ method: door.method, url: door.url, minor: door.minor, rawHeaders: door.rawHeaders });
      }),
      { numRuns: 1000 },
    );
    // About a quarter of the generated heads are plain enough for the door: enough for the comparison to mean something.
    expect(read).toBeGreaterThan(100);
  }, 60_000);
});

/** How many connections Node's HTTP server gave a parser meanwhile (async_hooks type HTTPINCOMINGMESSAGE). */
function countParsers() {
  let parsers = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "HTTPINCOMINGMESSAGE") parsers += 1;
    },
  }).enable();
  return {
    parsers: () => parsers,
    stop: () => hook.disable(),
  };
}

/** The body of a chunked response, its chunks joined. */
const bodyOf = (received: string) => received.slice(received.indexOf("\r\n\r\n") + 4);

describeEachDialect("the stream door", (t) => {
  it("opens a stream that is its connection's first request without Node's parser, with the same bytes", async () => {
    const { app } = t();
    const port = await portOf(app);
    const count = countParsers();
    try {
      const first = rawConnection(port);
      first.socket.write(`${STREAM}\r\n`);
      await vi.waitFor(() => expect(first.received()).toContain(": connected"));
      expect(count.parsers()).toBe(0);

      // A stream asked for after another request on the same connection is Node's, as before the door.
      const second = rawConnection(port);
      second.socket.write("GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n");
      await vi.waitFor(() => expect(second.received()).toContain('{"status":"ok"}'));
      second.socket.write(`${STREAM}\r\n`);
      await vi.waitFor(() => expect(second.received()).toContain(": connected"));
      expect(count.parsers()).toBe(1);
      expect(openStreamCount(app.deps.bus)).toBe(2);

      await app.deps.bus.publish({ topic: "slots", slotId: "through-the-door" });
      await vi.waitFor(() => expect(first.received()).toContain("through-the-door"));
      await vi.waitFor(() => expect(second.received()).toContain("through-the-door"));
      const afterHealth = second.received().slice(second.received().lastIndexOf("HTTP/1.1 200 OK"));
      expect(bodyOf(first.received())).toBe(bodyOf(afterHealth));
      first.socket.destroy();
      second.socket.destroy();
      await Promise.all([first.closed, second.closed]);
      await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
    } finally {
      count.stop();
    }
  });

  it("keeps neither the request nor the response of a stream it opened, only its socket", async () => {
    const { app } = t();
    const port = await portOf(app);
    let response: WeakRef<object> | undefined;
    let request: WeakRef<object> | undefined;
    const seeRequest = (req: object, res: object) => {
      request = new WeakRef(req);
      response = new WeakRef(res);
    };
    app.server.once("request", seeRequest);
    const client = rawConnection(port);
    try {
      client.socket.write(`${STREAM}\r\n`);
      await vi.waitFor(() => expect(client.received()).toContain(": connected"));
      expect(response?.deref()).toBeDefined();
      await vi.waitFor(async () => {
        // A turn of the event loop first: a WeakRef read in this turn holds its target until the turn ends.
        await new Promise((resolve) => setImmediate(resolve));
        collectGarbage();
        expect(request?.deref()).toBeUndefined();
        expect(response?.deref()).toBeUndefined();
      });
      await app.deps.bus.publish({ topic: "slots", slotId: "after-collection" });
      await vi.waitFor(() => expect(client.received()).toContain("after-collection"));
      expect(openStreamCount(app.deps.bus)).toBe(1);
    } finally {
      client.socket.destroy();
    }
    await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
  });

  it("leaves every other first request to Node: a split head, a pipelined one", async () => {
    const { app } = t();
    const port = await portOf(app);
    const split = rawConnection(port);
    const pipelined = rawConnection(port);
    try {
      split.socket.write(STREAM.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      split.socket.write(`${STREAM.slice(20)}\r\n`);
      pipelined.socket.write(`GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n${STREAM}\r\n`);
      await vi.waitFor(() => expect(split.received()).toContain(": connected"));
      await vi.waitFor(() => expect(pipelined.received()).toContain(": connected"));
      // Answered in the order asked: the stream starts once the request before it on the connection is answered.
      expect(pipelined.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\{"status":"ok"\}HTTP\/1\.1 200 OK\r\n/);
    } finally {
      split.socket.destroy();
      pipelined.socket.destroy();
    }
    await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
  });

  it("refuses 16 KB of white space before a control byte at once, while another request is served", async () => {
    const { app } = t();
    const port = await portOf(app);
    const attack = `GET /api/slots/stream HTTP/1.1\r\nHost: a\r\nX-Pad:${" ".repeat(16_000)}\x01\r\n\r\n`;
    const attackers = Array.from({ length: 16 }, () => rawConnection(port));
    const started = Date.now();
    for (const attacker of attackers) attacker.socket.write(attack);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    const healthAnswered = Date.now() - started;
    expect(health.status).toBe(200);
    await Promise.all(attackers.map((attacker) => attacker.closed));
    for (const attacker of attackers) expect(attacker.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    // A backtracking read took about 0.25-1 s per head, so sixteen held the health check for 4-16 s; the bound
    // leaves a busy machine room without letting that through.
    expect(healthAnswered).toBeLessThan(2_000);
    expect(openStreamCount(app.deps.bus)).toBe(0);
  });

  it("answers a refused stream in full and then closes its connection", async () => {
    const { app } = t();
    const client = rawConnection(await portOf(app));
    client.socket.write("GET /api/me/stream HTTP/1.1\r\nHost: a\r\n\r\n");
    await client.closed;
    const [head = "", body] = client.received().split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
    expect(head.toLowerCase()).toContain("connection: close");
    expect(JSON.parse(body ?? "")).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  it("answers HEAD with the stream's headers and no body, then closes", async () => {
    const { app } = t();
    const client = rawConnection(await portOf(app));
    client.socket.write("HEAD /api/slots/stream HTTP/1.1\r\nHost: a\r\n\r\n");
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(client.received()).toContain("content-type: text/event-stream");
    expect(client.received().endsWith("\r\n\r\n")).toBe(true);
    expect(openStreamCount(app.deps.bus)).toBe(0);
  });

  it("closes a stream whose client sends anything after its request", async () => {
    const { app } = t();
    const client = rawConnection(await portOf(app));
    client.socket.write(`${STREAM}\r\n`);
    await vi.waitFor(() => expect(client.received()).toContain(": connected"));
    expect(openStreamCount(app.deps.bus)).toBe(1);
    client.socket.write("GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n");
    await client.closed;
    expect(client.received()).not.toContain('"status"');
    await vi.waitFor(() => expect(openStreamCount(app.deps.bus)).toBe(0));
  });

  it("drops a connection that sends nothing for as long as Node waits for a head", async () => {
    const { app } = t();
    const port = await portOf(app);
    const before = app.server.headersTimeout;
    app.server.headersTimeout = 300;
    try {
      const silent = rawConnection(port);
      const opened = Date.now();
      await silent.closed;
      expect(Date.now() - opened).toBeGreaterThanOrEqual(250);
      expect(silent.received()).toBe("");
    } finally {
      app.server.headersTimeout = before;
    }
  });

  it("does not hold up shutdown: a connection that has asked for nothing is closed at once", async () => {
    const other = await createTestApp(t().dialect);
    try {
      const silent = rawConnection(await portOf(other.app));
      await new Promise((resolve) => silent.socket.once("connect", resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = Date.now();
      await other.app.close();
      await silent.closed;
      expect(Date.now() - closing).toBeLessThan(5_000);
      expect(silent.received()).toBe("");
    } finally {
      await other.close();
    }
  });
});
