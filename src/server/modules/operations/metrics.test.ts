import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { createTestApp, describeEachDialect, json } from "../../test/test-app.js";

const TOKEN = "metrics-token-0123456789abcdef";
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function series(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describeEachDialect(
  "GET /metrics",
  (t) => {
    it("refuses a scraper without the token, or with a wrong one, with 401 and the error shape", async () => {
      for (const headers of [{}, { authorization: "Bearer wrong-token-0123456789abcd" }, { authorization: TOKEN }]) {
        const res = await t().request({ url: "/metrics", headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
        expect(json(res)).toEqual({
          error: { code: "UNAUTHENTICATED", message: "A valid metrics token is required." },
        });
      }
    });

    it("reports requests by route, seats held and sold, payments, jobs, streams and memory", async () => {
      const before = (await t().request({ url: "/metrics", headers: bearer })).body;
      const cookie = await t().signIn(`metrics-${Date.now()}@example.com`);
      const slot = await buildSlot(t().app.deps.db);
      const hold = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie,
        payload: { kind: "mock", targetId: slot.id },
      });
      expect(hold.statusCode).toBe(201);

      const held = await t().request({ url: "/metrics", headers: bearer });
      expect(held.statusCode).toBe(200);
      expect(held.headers["content-type"]).toContain("text/plain");
      const heldText = held.body;
      expect(series(heldText, 'careerprep_seats_held{kind="mock"}')).toBe(
        (series(before, 'careerprep_seats_held{kind="mock"}') ?? 0) + 1,
      );
      expect(
        series(heldText, 'http_request_duration_seconds_count{method="POST",route="/api/holds",status_code="201"}'),
      ).toBe(1);
      expect(series(heldText, "careerprep_live_streams")).toBe(0);
      expect(series(heldText, 'careerprep_jobs{status="failed"}')).toBe(0);
      expect(series(heldText, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);

      const order = json<{ paymentId: string }>(
        await t().request({
          method: "POST",
          url: "/api/checkout",
          cookie,
          payload: { holdId: json<{ id: string }>(hold).id },
        }),
      );
      const paid = await t().request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie });
      expect(paid.statusCode).toBe(200);
      const sold = (await t().request({ url: "/metrics", headers: bearer })).body;
      expect(series(sold, 'careerprep_seats_sold{kind="mock"}')).toBe(
        (series(before, 'careerprep_seats_sold{kind="mock"}') ?? 0) + 1,
      );
      expect(series(sold, 'careerprep_payments{status="paid"}')).toBe(
        (series(before, 'careerprep_payments{status="paid"}') ?? 0) + 1,
      );
      expect(series(sold, 'careerprep_seats_held{kind="mock"}')).toBe(
        series(before, 'careerprep_seats_held{kind="mock"}') ?? 0,
      );
      // The work after the payment (e-mail, reminders, notification) waits as jobs: no worker runs here.
      expect(series(sold, 'careerprep_jobs{status="pending"}')).toBeGreaterThan(
        series(heldText, 'careerprep_jobs{status="pending"}') ?? 0,
      );
    });

    it("counts the live streams open on this instance, and forgets one when it closes", async () => {
      const address = t().app.server.listening
        ? `http://127.0.0.1:${(t().app.server.address() as { port: number }).port}`
        : await t().app.listen({ port: 0, host: "127.0.0.1" });
      const streams = async () =>
        series((await t().request({ url: "/metrics", headers: bearer })).body, "careerprep_live_streams");
      const before = (await streams()) ?? 0;
      const abort = new AbortController();
      const res = await fetch(`${address}/api/slots/stream`, { signal: abort.signal });
      expect(res.status).toBe(200);
      expect(await streams()).toBe(before + 1);
      abort.abort();
      await expect.poll(streams).toBe(before);
    });

    it("passes Prometheus's own lint, promtool check metrics, after real traffic", async () => {
      const cookie = await t().signIn(`promtool-${Date.now()}@example.com`);
      const slot = await buildSlot(t().app.deps.db);
      await t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } });
      await t().request({ url: "/api/no-such-route" });
      const scraped = (await t().request({ url: "/metrics", headers: bearer })).body;
      expect(series(scraped, 'careerprep_seats_held{kind="mock"}')).toBeGreaterThanOrEqual(1);
      const lint = spawnSync("promtool", ["check", "metrics"], { input: scraped, encoding: "utf8" });
      expect(lint.error).toBeUndefined();
      expect({ status: lint.status, problems: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({
        status: 0,
        problems: "",
      });
    });

    it("keeps each app's series to itself when two run in one process", async () => {
      const other = await createTestApp(t().dialect, { METRICS_TOKEN: TOKEN });
      try {
        await t().request({ url: "/api/health" });
        const mine = (await t().request({ url: "/metrics", headers: bearer })).body;
        const theirs = (await other.request({ url: "/metrics", headers: bearer })).body;
        const health = 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
        expect(series(mine, health)).toBeGreaterThanOrEqual(1);
        expect(series(theirs, health)).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  },
  { METRICS_TOKEN: TOKEN },
);

describeEachDialect("GET /metrics without METRICS_TOKEN", (t) => {
  it("does not exist", async () => {
    const res = await t().request({ url: "/metrics", headers: bearer });
    expect(res.statusCode).toBe(404);
  });
});
