import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../shared/schemas/dashboard.js";
import { buildBooking, buildSlot, findUserId } from "../test/builders.js";
import { describeEachDialect, json } from "../test/test-app.js";
import { createHeavyReads, type HeavyReads } from "./heavy-reads.js";

const request = (destroyed = false) => ({ raw: { socket: { destroyed } } }) as unknown as FastifyRequest;

/** A read that ends when the test says so. */
function gate<T>(value: T) {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const read = async () => {
    await opened;
    return value;
  };
  return { open, read };
}

describe("files sent as they are read", () => {
  async function* lines(count: number, sent: string[]) {
    for (let i = 0; i < count; i++) {
      sent.push(`line ${i}`);
      yield `line ${i}`;
    }
  }
  const drain = async (stream: AsyncIterable<string>) => {
    const got: string[] = [];
    for await (const line of stream) got.push(line);
    return got;
  };

  it("take turns in a lane half as wide, holding a turn until the last line, while reads go on", async () => {
    const reads = createHeavyReads(4);
    const sent: string[][] = [[], [], []];
    const files = sent.map((s) => reads.stream(request(), () => lines(2, s)));
    // The first line of each is asked for: two files start, the third waits for a turn.
    const firsts = files.map((f) => f.next());
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map((s) => s.length)).toEqual([1, 1, 0]);
    expect({ running: reads.running, waiting: reads.waiting }).toEqual({ running: 2, waiting: 1 });
    await expect(reads.run(request(), async () => "a dashboard")).resolves.toBe("a dashboard");

    await expect(firsts[0]).resolves.toEqual({ value: "line 0", done: false });
    await expect(drain(files[0] as AsyncGenerator<string>)).resolves.toEqual(["line 1"]);
    await expect(firsts[2]).resolves.toEqual({ value: "line 0", done: false });
    await drain(files[1] as AsyncGenerator<string>);
    await drain(files[2] as AsyncGenerator<string>);
    expect({ running: reads.running, waiting: reads.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the turn of a file its client stopped reading, and sends nothing to a client that left while it waited", async () => {
    const reads = createHeavyReads(1);
    const first: string[] = [];
    const stopped = reads.stream(request(), () => lines(1000, first));
    await stopped.next();
    const gone: string[] = [];
    const waiting = reads.stream(request(true), () => lines(3, gone));
    const next = waiting.next();
    await stopped.return(undefined);
    await expect(next).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(gone).toEqual([]);
    expect(first.length).toBeLessThan(1000);
    await expect(drain(reads.stream(request(), () => lines(2, [])))).resolves.toEqual(["line 0", "line 1"]);
  });
});

describe("heavy reads", () => {
  it("runs at most the configured number at once, the rest in arrival order", async () => {
    const reads = createHeavyReads(2);
    const gates = [gate("a"), gate("b"), gate("c"), gate("d")];
    const order: string[] = [];
    const answers = gates.map((g, i) =>
      reads.run(request(), async () => {
        order.push(`start ${i}`);
        return g.read();
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect({ running: reads.running, waiting: reads.waiting }).toEqual({ running: 2, waiting: 2 });
    expect(order).toEqual(["start 0", "start 1"]);
    gates[1]?.open();
    await expect(answers[1]).resolves.toBe("b");
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["start 0", "start 1", "start 2"]);
    for (const g of gates) g.open();
    await expect(Promise.all(answers)).resolves.toEqual(["a", "b", "c", "d"]);
    expect({ running: reads.running, waiting: reads.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn of a request whose client left to the next, without running it", async () => {
    const reads = createHeavyReads(1);
    const first = gate("first");
    let ranForGoneClient = false;
    const answers = [
      reads.run(request(), first.read),
      reads.run(request(true), async () => {
        ranForGoneClient = true;
        return "gone";
      }),
      reads.run(request(), async () => "next"),
    ];
    first.open();
    await expect(answers[0]).resolves.toBe("first");
    await expect(answers[1]).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(answers[2]).resolves.toBe("next");
    expect(ranForGoneClient).toBe(false);
  });

  it("runs downloads in the files' lane, half as wide, while reads go on", async () => {
    const reads = createHeavyReads(4);
    const gates = [gate("a"), gate("b"), gate("c")];
    const started: number[] = [];
    const downloads = gates.map((g, i) =>
      reads.download(request(), async () => {
        started.push(i);
        return g.read();
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect({ running: reads.running, waiting: reads.waiting }).toEqual({ running: 2, waiting: 1 });
    await expect(reads.run(request(), async () => "a dashboard")).resolves.toBe("a dashboard");
    gates[0]?.open();
    await expect(downloads[0]).resolves.toBe("a");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await expect(Promise.all(downloads)).resolves.toEqual(["a", "b", "c"]);
  });

  it("frees the turn of a read that failed", async () => {
    const reads = createHeavyReads(1);
    await expect(reads.run(request(), async () => Promise.reject(new Error("database down")))).rejects.toThrow(
      "database down",
    );
    await expect(reads.run(request(), async () => "after")).resolves.toBe("after");
  });
});

/** What the heavy reads were doing at each statement the app sent: read in the middle of a read. */
const seen = { reads: undefined as HeavyReads | undefined, mostRunning: 0, mostWaiting: 0 };
const sampleAtEachStatement = () => {
  if (!seen.reads) return;
  seen.mostRunning = Math.max(seen.mostRunning, seen.reads.running);
  seen.mostWaiting = Math.max(seen.mostWaiting, seen.reads.waiting);
};

describeEachDialect(
  "heavy reads, one at a time (HEAVY_READ_CONCURRENCY=1)",
  (t) => {
    it("answers dashboards and exports that arrive together, each with its own student's data, one of each at a time", async () => {
      const { db } = t().app.deps;
      const students = await Promise.all(
        [1, 2, 3].map(async (n) => {
          const email = `turns-${n}-${Date.now()}@example.com`;
          const cookie = await t().signIn(email);
          const slot = await buildSlot(db);
          const booking = await buildBooking(db, { user_id: await findUserId(db, email), target_id: slot.id });
          return { cookie, bookingId: booking.id };
        }),
      );
      // Signed in before: the session look-ups of the requests below are cached and never wait.
      for (const { cookie } of students) await t().request({ url: "/api/me", cookie });
      Object.assign(seen, { reads: t().app.deps.heavyReads, mostRunning: 0, mostWaiting: 0 });
      const answers = await Promise.all(
        students.map(async ({ cookie, bookingId }) => {
          const [dashboard, exported] = await Promise.all([
            t().request({ url: "/api/dashboard", cookie }),
            t().request({ url: "/api/me/export", cookie }),
          ]);
          return { bookingId, dashboard, exported };
        }),
      );
      seen.reads = undefined;
      for (const { bookingId, dashboard, exported } of answers) {
        expect([dashboard.statusCode, exported.statusCode]).toEqual([200, 200]);
        expect(json<Dashboard>(dashboard).sessions.map((s) => s.bookingId)).toEqual([bookingId]);
        expect(json<{ bookings: { id: string }[] }>(exported).bookings.map((b) => b.id)).toEqual([bookingId]);
      }
      // Every statement of these reads ran with one dashboard and one export in flight (a lane each) at most,
      // the others waiting.
      expect(seen.mostRunning).toBeLessThanOrEqual(2);
      expect(seen.mostWaiting).toBeGreaterThan(0);

      const metrics = (
        await t().request({ url: "/metrics", headers: { authorization: "Bearer heavy-reads-token-0123456789ab" } })
      ).body;
      expect(metrics).toMatch(/^careerprep_heavy_reads_running 0$/m);
      expect(metrics).toMatch(/^careerprep_heavy_reads_waiting 0$/m);
    });
  },
  { HEAVY_READ_CONCURRENCY: "1", METRICS_TOKEN: "heavy-reads-token-0123456789ab" },
  { onQuery: sampleAtEachStatement },
);
