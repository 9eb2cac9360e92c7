// The server under test for `npm run bench:api`: the real app on a given database, plus one empty
// route as the ceiling, seeded with 2,000 slots and 50 signed-in students. Prints the students'
// cookies and slot ids as one JSON line, then serves until killed. With BENCH_SEED=false (a second
// instance on a database the first one seeded) it seeds nothing and prints `{}`.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import inspector from "node:inspector/promises";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import v8 from "node:v8";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { isPostgresUrl, postgresDriver } from "../src/server/db/database.js";
import { upkeepInsights } from "../src/server/modules/insights/upkeep.js";
import { settleHeap } from "../src/server/settle-heap.js";
import { injectTransport, signInThroughOutbox } from "../src/server/test/sign-in.js";

const port = Number(process.env.PORT);

// Every query sent to PostgreSQL (statements, BEGIN and COMMIT alike) is one round trip; counted
// here so bench:api can report round trips per operation, which a busy machine does not blur.
// pg loads only for PostgreSQL, as in the app (docs/decisions/0252-small-machine-settings.md).
let roundTrips = 0;
if (isPostgresUrl(process.env.DATABASE_URL ?? "")) {
  const { Client } = postgresDriver().pg;
  const query = Client.prototype.query;
  Client.prototype.query = function countedQuery(this: InstanceType<typeof Client>, ...args: Parameters<typeof query>) {
    roundTrips++;
    return query.apply(this, args);
  } as typeof query;
}
const app = await buildApp(
  loadConfig({
    // A benchmark opens thousands of live streams from one address (docs/security.md, Live streams).
    STREAM_LIMIT_PER_CLIENT: "20000",
    STREAM_LIMIT_PER_ADDRESS: "20000",
    STREAM_LIMIT_TOTAL: "20000",
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    PUBLIC_URL: `http://localhost:${port}`,
    SIGN_IN_RATE_LIMIT: "100000",
    SIGN_IN_EMAIL_RATE_LIMIT: "100000",
    CHECKOUT_RATE_LIMIT: "1000000",
    HOLD_RATE_LIMIT: "1000000",
  }),
  { startWorkers: false, logger: false },
);
app.get("/bench/empty", { schema: { hide: true } }, async () => ({ ok: true }));
app.get("/bench/round-trips", { schema: { hide: true } }, async () => ({ roundTrips }));
app.get("/bench/memory", { schema: { hide: true } }, async () => ({
  ...process.memoryUsage(),
  spaces: Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_size, s.space_used_size, s.physical_space_size]]),
  ),
}));

if (process.env.BENCH_SEED === "false") {
  // BENCH_UPKEEP=true: Insights' hourly upkeep (the year's days kept, the hold log pruned) runs once
  // before serving, as it does a minute after a start (bench:scale times it and measures the tables after it).
  // The longest the event loop waited meanwhile is how long a request arriving during the run could wait.
  const sweep = { upkeepMs: 0, holdsDeleted: 0, daysLookedAt: 0, upkeepLoopDelayMaxMs: 0 };
  if (process.env.BENCH_UPKEEP === "true") {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    Object.assign(sweep, await upkeepInsights(app.deps));
    sweep.upkeepMs = Math.round(performance.now() - started);
    delay.disable();
    sweep.upkeepLoopDelayMaxMs = Math.round(delay.max / 1e6);
  }
  await app.listen({ port, host: "127.0.0.1" });
  settleHeap();
  console.log(JSON.stringify(sweep));
} else {
  await seedAndListen();
}
const writeAllocations = await sampleAllocations();
process.on(
  "SIGTERM",
  () =>
    void app
      .close()
      .then(writeAllocations)
      .then(() => process.exit(0)),
);

/**
 * BENCH_ALLOC_PROF=dir: every allocation sampled while serving, garbage included (which `--heap-prof` leaves
 * out), written to dir as a `.heapprofile` for Chromium's DevTools when the server stops. With
 * BENCH_ALLOC_PROF_MINOR=false, only what outlived a scavenge: what fills the old generation.
 */
async function sampleAllocations(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_ALLOC_PROF;
  if (!dir) return async () => {};
  const session = new inspector.Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: process.env.BENCH_ALLOC_PROF_MINOR !== "false",
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `allocations-${process.pid}.heapprofile`), JSON.stringify(profile));
  };
}

async function seedAndListen(): Promise<void> {
  const now = new Date().toISOString();
  const slots = Array.from({ length: 2000 }, (_, i) => {
    const start = new Date(Date.now() + (i + 2) * 3_600_000);
    return {
      id: randomUUID(),
      interviewer_id: null,
      interviewer_name: `Interviewer ${i % 40}`,
      interviewer_email: "bench@example.com",
      interviewer_phone: "+919000000000",
      details: "Technical and HR rounds",
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
      package_types: JSON.stringify(i % 3 === 0 ? ["service", "product"] : ["service"]),
      capacity: 5,
      status: "published",
      meeting_link: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < slots.length; i += 200)
    await app.deps.db
      .insertInto("slots")
      .values(slots.slice(i, i + 200))
      .execute();

  const cookies: string[] = [];
  for (let i = 0; i < 50; i++) {
    const transport = injectTransport(app, `http://localhost:${port}`);
    cookies.push(await signInThroughOutbox(app.deps.db, transport, `bench-${i}@example.com`));
  }

  await app.listen({ port, host: "127.0.0.1" });
  // As `npm start` does once it listens (src/server/main.ts).
  settleHeap();
  console.log(JSON.stringify({ cookies, slotIds: slots.slice(0, 20).map((s) => s.id) }));
}
