import { afterEach, expect, it, vi } from "vitest";
import { portOf } from "../test/raw-http.js";
import { describeEachDialect, type TestApp } from "../test/test-app.js";
import { uniqueEmail as email } from "../test/unique-email.js";
import { openStreamCount } from "./sse.js";

/**
 * The open streams' responses with their aborts. A response is held, not only its abort: undici cancels the body of a
 * response the collector takes, which closed streams in the middle of a test whenever a collection came.
 */
const opened: { abort: AbortController; response: Response }[] = [];

/** Opens a stream from `address` (the proxy's X-Forwarded-For, which TRUST_PROXY believes); its HTTP status. */
async function openFrom(t: TestApp, address: string, path = "/api/slots/stream", cookie?: string): Promise<number> {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${await portOf(t.app)}${path}`, {
    headers: { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  if (res.status === 200) opened.push({ abort, response: res });
  else await res.body?.cancel();
  return res.status;
}

async function openMany(t: TestApp, count: number, address: string, path?: string, cookie?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await openFrom(t, address, path, cookie));
  return statuses;
}

function closeAll(t: () => TestApp) {
  return async () => {
    for (const { abort } of opened.splice(0)) abort.abort();
    await vi.waitFor(() => expect(openStreamCount(t().app.deps.bus)).toBe(0));
  };
}

describeEachDialect(
  "live stream caps: a few accounts from one address leave room for new visitors",
  (t) => {
    afterEach(closeAll(t));

    it("caps one address whatever its accounts, and keeps the last tenth for owners holding no stream", async () => {
      const [first, second, third] = await Promise.all(["a", "b", "c"].map((name) => t().signIn(email(name))));
      const attacker = "198.51.100.7";
      expect(await openMany(t(), 4, attacker, "/api/me/stream", first)).toEqual([200, 200, 200, 429]);
      expect(await openMany(t(), 3, attacker, "/api/me/stream", second)).toEqual([200, 200, 200]);
      // The address holds 6, its cap: a third account from it gets nothing.
      expect(await openFrom(t(), attacker, "/api/me/stream", third)).toBe(429);

      // Another address takes the process to 9 of 10: the last stream is kept for someone who holds none.
      expect(await openMany(t(), 4, "203.0.113.20")).toEqual([200, 200, 200, 429]);
      expect(await openFrom(t(), "203.0.113.30")).toBe(200);
      // Full: nobody else.
      expect(await openFrom(t(), "203.0.113.40")).toBe(429);
    });
  },
  { TRUST_PROXY: "127.0.0.1", STREAM_LIMIT_PER_CLIENT: "3", STREAM_LIMIT_PER_ADDRESS: "6", STREAM_LIMIT_TOTAL: "10" },
);

describeEachDialect(
  "live stream caps: a campus behind one address",
  (t) => {
    afterEach(closeAll(t));

    it("opens far more public streams from one address than one student may hold", async () => {
      const statuses = await openMany(t(), 60, "192.0.2.50");
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    });
  },
  { TRUST_PROXY: "127.0.0.1" },
);
