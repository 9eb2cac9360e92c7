import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { POSTGRES_ADMIN_URL } from "../../test/postgres.js";
import { createTestApp, postgresAvailable, type TestApp } from "../../test/test-app.js";
import type { LiveEvent } from "./bus.js";

type App = Awaited<ReturnType<typeof buildApp>>;

async function admin<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The LISTEN connection of this database, as PostgreSQL sees it. */
const listeners = (database: string) =>
  admin<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and query ilike 'LISTEN careerprep_live%'",
    [database],
  );

/** An operator's view: /api/ready's status code and message. */
async function readiness(app: App) {
  const res = await app.inject({ url: "/api/ready" });
  return { status: res.statusCode, message: res.statusCode === 200 ? "" : res.json().error.message };
}

/** Waits until a hold taken on `from` reaches `to`'s subscribers through PostgreSQL. */
async function crosses(from: App, to: App): Promise<boolean> {
  const received: LiveEvent[] = [];
  const unsubscribe = to.deps.bus.subscribe((event) => received.push(event));
  await from.deps.bus.publish({ topic: "internships" });
  for (let i = 0; i < 100 && !received.some((e) => e.topic === "internships"); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  unsubscribe();
  return received.some((e) => e.topic === "internships");
}

/** Live events between processes: the LISTEN connection comes back after PostgreSQL drops it. */
(postgresAvailable() ? describe : describe.skip)("live channel: LISTEN reconnects [postgres]", () => {
  let first: TestApp;
  let second: App;
  let database: string;

  beforeAll(async () => {
    first = await createTestApp("postgres");
    database = new URL(first.databaseUrl).pathname.slice(1);
    second = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        DATABASE_URL: first.databaseUrl,
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        PUBLIC_URL: "http://localhost:3000",
      }),
      { startWorkers: false },
    );
  }, 60_000);
  afterAll(async () => {
    await admin(`alter database ${database} allow_connections true`).catch(() => undefined);
    await second?.close();
    await first?.close();
  });

  it("reports the live channel down while PostgreSQL refuses it, and reconnects once it may", async () => {
    expect(await readiness(first.app)).toEqual({ status: 200, message: "" });
    expect(await crosses(second, first.app)).toBe(true);
    expect(await listeners(database)).toHaveLength(2);

    // PostgreSQL drops both LISTEN connections and takes no new ones for a while (a restart, a failover).
    await admin(`alter database ${database} allow_connections false`);
    await admin("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'", [
      database,
    ]);
    await expect
      .poll(() => readiness(first.app), { timeout: 10_000 })
      .toEqual({ status: 503, message: "The live update channel is down; reconnecting." });
    // Several reconnect attempts fail meanwhile; readiness keeps saying so.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await readiness(second)).status).toBe(503);
    expect(await listeners(database)).toHaveLength(0);

    await admin(`alter database ${database} allow_connections true`);
    await expect.poll(() => readiness(first.app), { timeout: 20_000 }).toEqual({ status: 200, message: "" });
    await expect.poll(async () => (await readiness(second)).status, { timeout: 20_000 }).toBe(200);
    expect(await listeners(database)).toHaveLength(2);
    expect(await crosses(second, first.app)).toBe(true);
    expect(await crosses(first.app, second)).toBe(true);
  }, 60_000);

  it("reconnects after its backend is terminated, and tells local listeners to refresh what they may have missed", async () => {
    const refreshed: LiveEvent[] = [];
    const unsubscribe = first.app.deps.bus.subscribe((event) => refreshed.push(event));
    const before = (await listeners(database)).map((l) => l.pid);
    await admin("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [before]);
    await expect
      .poll(async () => (await listeners(database)).filter((l) => !before.includes(l.pid)).length, { timeout: 20_000 })
      .toBe(2);
    await expect.poll(() => refreshed.map((e) => e.topic).includes("slots"), { timeout: 20_000 }).toBe(true);
    unsubscribe();
    expect(await crosses(second, first.app)).toBe(true);
    expect(await crosses(first.app, second)).toBe(true);
  }, 60_000);
});
