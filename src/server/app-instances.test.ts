import { expect, it } from "vitest";
import { buildSecondApp, createTestApp, describeEachDialect, json } from "./test/test-app.js";

const TOKEN = "metrics-token-0123456789abcdef";
const streams = (text: string) => Number(/^careerprep_live_streams (\d+)$/m.exec(text)?.[1]);

/**
 * State that belongs to one app (remembered sessions, open streams, metrics) stays with it: two
 * apps in one process, as tests and a blue/green switch run them, never share it.
 */
describeEachDialect("two apps in one process", (t) => {
  it("remember sessions each for themselves", async () => {
    const email = `two-apps-${Date.now()}@example.com`;
    const cookie = await t().signIn(email);
    const other = await buildSecondApp(t(), { MIGRATE_ON_START: "false" });
    try {
      const me = json<{ user: { email: string } | null }>(await t().request({ url: "/api/me", cookie }));
      expect(me.user?.email).toBe(email);
      // The session ends in the database without a sign-out event: the first app answers from
      // what it remembers for a few seconds, the second has nothing to remember and asks afresh.
      await t().app.deps.db.deleteFrom("session").execute();
      const first = json<{ user: unknown }>(await t().request({ url: "/api/me", cookie }));
      const second = json<{ user: unknown }>(await other.inject({ url: "/api/me", headers: { cookie } }));
      expect(first.user).not.toBeNull();
      expect(second.user).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("end only their own live streams when one of them closes", async () => {
    const a = await createTestApp(t().dialect, { METRICS_TOKEN: TOKEN });
    const b = await createTestApp(t().dialect, { METRICS_TOKEN: TOKEN });
    const address = await b.app.listen({ port: 0, host: "127.0.0.1" });
    const aborter = new AbortController();
    try {
      const stream = await fetch(`${address}/api/slots/stream`, {
        headers: { accept: "text/event-stream" },
        signal: aborter.signal,
      });
      expect(stream.headers.get("content-type")).toContain("text/event-stream");
      const metrics = async () =>
        streams((await b.request({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body);
      expect(await metrics()).toBe(1);
      await a.close();
      expect(await metrics()).toBe(1);
    } finally {
      aborter.abort();
      await b.close();
    }
  });
});
