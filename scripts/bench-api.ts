// `npm run bench:api`: throughput and latency of the API on loopback, on SQLite and (when
// reachable) PostgreSQL. Ceiling: an empty route. Then, with 2,000 slots, the next-200 list (first,
// as before, so its history compares), then what the booking page asks for since
// docs/decisions/0240-slots-by-day.md: one day's slots (tomorrow's 24) and the plan's days summary;
// then hold + release cycles from 50 concurrent students, checking that no slot is ever oversold.
// On PostgreSQL the same phases run again on two server processes sharing the database, the load
// spread over them in turn (round-robin). Samples every server process's resident memory
// throughout. Prints its figures; asserts none.
//
// BENCH_SECONDS (10) per phase; BENCH_DB=sqlite|postgres to run one database; BENCH_SERVER to run
// another bundle of scripts/bench-server.ts (to compare two versions on the same machine state);
// BENCH_PORT (4600) the first of the four ports the servers listen on (two runs side by side).
// Requests carry a browser's Accept-Encoding; BENCH_IDENTITY=true leaves it out. PostgreSQL is the one
// TEST_POSTGRES_URL names (src/server/test/postgres.ts); postgres://postgres@%2Fvar%2Frun%2Fpostgresql/postgres
// reaches it through its Unix socket. The hold phase also reports the load generator's own CPU per
// operation: it shares the machine's cores with the server and PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createTemporaryPostgresDatabase, isPostgresReachable } from "../src/server/test/postgres.js";
import { addDays, zonedDate } from "../src/shared/time.js";
import { cpuMs, rssMb, type Seeded, startServer } from "./bench-common.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASES = (process.env.BENCH_DB ?? "sqlite,postgres").split(",");
const PORT = Number(process.env.BENCH_PORT ?? 4600);

/**
 * What a phone's browser sends with every request; BENCH_IDENTITY=true sends no Accept-Encoding,
 * so every answer comes uncompressed (the figures before listings were compressed).
 */
const BROWSER_HEADERS: Record<string, string> =
  process.env.BENCH_IDENTITY === "true" ? {} : { "accept-encoding": "gzip, deflate, br, zstd" };

/** 50 connections in all, shared evenly by the servers (one autocannon per server, at once). */
async function load(
  urls: string[],
  connections: number,
  seconds = DURATION_S,
): Promise<{ rps: number; p99: number; errors: number; bytesPerAnswer: number }> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: connections / urls.length,
        duration: seconds,
        pipelining: 1,
        headers: BROWSER_HEADERS,
      }),
    ),
  );
  const answers = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    bytesPerAnswer: results.reduce((sum, r) => sum + r.throughput.total, 0) / Math.max(1, answers),
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/**
 * Each route's rate as a share of the empty route's, measured in turns (empty, then each route, 2 s each,
 * five rounds): a machine whose load swings from one 10 s phase to the next moves every route's turns alike.
 */
async function interleavedShares(bases: string[], paths: string[]): Promise<number[]> {
  const totals = Array.from({ length: paths.length + 1 }, () => 0);
  for (let round = 0; round < 5; round++) {
    for (const [i, route] of ["/bench/empty", ...paths].entries()) {
      const phase = await load(
        bases.map((b) => `${b}${route}`),
        50,
        2,
      );
      totals[i] = (totals[i] ?? 0) + phase.rps;
    }
  }
  return totals.slice(1).map((total) => total / (totals[0] ?? 1));
}

/**
 * 50 students, each looping hold → release on one of 20 slots (capacity 5), for the duration.
 * With several servers, each request goes to the next server in turn.
 */
async function holdReleaseCycles(
  bases: string[],
  seeded: Seeded,
): Promise<{ opsPerSecond: number; refused: number; failures: number }> {
  const deadline = Date.now() + DURATION_S * 1000;
  let ops = 0;
  let refused = 0;
  let failures = 0;
  let turn = 0;
  const next = () => bases[turn++ % bases.length];
  await Promise.all(
    seeded.cookies.map(async (cookie, i) => {
      while (Date.now() < deadline) {
        const slotId = seeded.slotIds[(i + ops) % seeded.slotIds.length];
        const held = await fetch(`${next()}/api/holds`, {
          method: "POST",
          // As the app's own pages send it (docs/security.md, Cross-site writes).
          headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
          body: JSON.stringify({ kind: "mock", targetId: slotId }),
        });
        if (held.status === 201) {
          const { id } = (await held.json()) as { id: string };
          const released = await fetch(`${next()}/api/holds/${id}`, {
            method: "DELETE",
            headers: { cookie, "sec-fetch-site": "same-origin" },
          });
          if (released.status !== 204) failures++;
          ops += 2;
        } else {
          await held.text();
          if (held.status === 409) refused++;
          else failures++;
          ops += 1;
        }
      }
    }),
  );
  return { opsPerSecond: ops / DURATION_S, refused, failures };
}

/** Largest number of live holds seen on any one slot, sampled through the API's seat counts. */
async function watchOversell(base: string, slotIds: string[], stop: () => boolean): Promise<number> {
  let worst = 0;
  while (!stop()) {
    const response = await fetch(`${base}/api/slots?package=service`);
    const { slots } = (await response.json()) as { slots: { id: string; seatsLeft: number; capacity: number }[] };
    for (const slot of slots.filter((s) => slotIds.includes(s.id)))
      worst = Math.max(worst, slot.capacity - slot.seatsLeft);
    await new Promise((r) => setTimeout(r, 100));
  }
  return worst;
}

/**
 * PostgreSQL's side of the cost: CPU time of the backends serving the bench database (they run
 * on this machine) and transactions committed there. Undefined on SQLite.
 */
async function databaseCost(databaseUrl: string): Promise<{ cpuMs: number; commits: number } | undefined> {
  if (!databaseUrl.startsWith("postgres")) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const backends = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const stats = await client.query<{ commits: string }>(
      "select xact_commit::text as commits from pg_stat_database where datname = current_database()",
    );
    let cpu = 0;
    for (const { pid } of backends.rows) {
      try {
        cpu += cpuMs(pid);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return { cpuMs: cpu, commits: Number(stats.rows[0]?.commits ?? 0) };
  } finally {
    await client.end();
  }
}

/** Queries the servers have sent to PostgreSQL so far (scripts/bench-server.ts counts them). */
async function roundTrips(bases: string[]): Promise<number> {
  let total = 0;
  for (const base of bases) {
    const response = await fetch(`${base}/bench/round-trips`);
    total += ((await response.json()) as { roundTrips: number }).roundTrips;
  }
  return total;
}

async function bench(label: string, databaseUrl: string, ports: number[]): Promise<void> {
  const first = await startServer(databaseUrl, ports[0] ?? 0);
  const children = [first.child];
  for (const port of ports.slice(1)) children.push((await startServer(databaseUrl, port, false)).child);
  const seeded = first.seeded;
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const peak = { phase: "" };
  const peaks = new Map<string, number>();
  const sampler = setInterval(() => {
    for (const child of children) peaks.set(peak.phase, Math.max(peaks.get(peak.phase) ?? 0, rssMb(child.pid ?? 0)));
  }, 200);
  try {
    const cpu = () => children.reduce((sum, child) => sum + cpuMs(child.pid ?? 0), 0);
    const cpu0 = cpu();
    peak.phase = "empty route";
    const ceiling = await load(
      bases.map((b) => `${b}/bench/empty`),
      50,
    );
    const cpu1 = cpu();
    peak.phase = "slots list";
    const list = await load(
      bases.map((b) => `${b}/api/slots?package=service`),
      50,
    );
    const cpuList = cpu();
    // Tomorrow in the platform zone (the bench server's default, India): 24 of the seeded hourly slots.
    const tomorrow = addDays(zonedDate(new Date(), "Asia/Kolkata"), 1);
    peak.phase = "day";
    const day = await load(
      bases.map((b) => `${b}/api/slots?package=service&date=${tomorrow}`),
      50,
    );
    const cpuDay = cpu();
    peak.phase = "days summary";
    const days = await load(
      bases.map((b) => `${b}/api/slots/days?package=service`),
      50,
    );
    const cpu2 = cpu();
    peak.phase = "in turns";
    const shares = await interleavedShares(bases, [
      "/api/slots?package=service",
      `/api/slots?package=service&date=${tomorrow}`,
      "/api/slots/days?package=service",
    ]);
    const cpuTurns = cpu();
    const db2 = await databaseCost(databaseUrl);
    const trips2 = await roundTrips(bases);
    peak.phase = "hold + release";
    let done = false;
    const oversell = watchOversell(bases[0] ?? "", seeded.slotIds, () => done);
    const generator0 = process.cpuUsage();
    const cycles = await holdReleaseCycles(bases, seeded);
    const generator = process.cpuUsage(generator0);
    done = true;
    const cpu3 = cpu();
    const db3 = await databaseCost(databaseUrl);
    const trips3 = await roundTrips(bases);
    const worst = await oversell;
    const perRequest = (ms: number, rate: number) => `${((ms / (rate * DURATION_S)) * 1000).toFixed(0)} µs`;
    console.log(`\n${label}`);
    console.log(`  empty route (ceiling)        ${ceiling.rps.toFixed(0)} req/s, p99 ${ceiling.p99} ms`);
    const row = (name: string, phase: typeof list) =>
      console.log(
        `  ${name.padEnd(28)} ${phase.rps.toFixed(0)} req/s (${((phase.rps / ceiling.rps) * 100).toFixed(0)}% of ceiling), p99 ${phase.p99} ms, errors ${phase.errors}, ${(phase.bytesPerAnswer / 1024).toFixed(1)} KB per answer`,
      );
    row("slots list, next 200", list);
    row("one day's slots (tomorrow)", day);
    row("days summary, 60 days", days);
    const [listShare, dayShare, daysShare] = shares.map((share) => `${(share * 100).toFixed(0)}%`);
    console.log(
      `  in turns with the empty route  list ${listShare}, day ${dayShare}, days ${daysShare} (5 × 2 s each)`,
    );
    console.log(
      `  hold + release, 50 students  ${cycles.opsPerSecond.toFixed(0)} ops/s, refused (full) ${cycles.refused}, failures ${cycles.failures}`,
    );
    console.log(
      `  server CPU per request       empty ${perRequest(cpu1 - cpu0, ceiling.rps)}, list ${perRequest(cpuList - cpu1, list.rps)}, day ${perRequest(cpuDay - cpuList, day.rps)}, days ${perRequest(cpu2 - cpuDay, days.rps)}, hold or release ${perRequest(cpu3 - cpuTurns, cycles.opsPerSecond)} (the load generator's own ${perRequest((generator.user + generator.system) / 1000, cycles.opsPerSecond)})`,
    );
    if (db2 && db3) {
      const ops = cycles.opsPerSecond * DURATION_S;
      console.log(
        `  PostgreSQL per hold or release ${((trips3 - trips2) / ops).toFixed(2)} round trips, ${(((db3.cpuMs - db2.cpuMs) / ops) * 1000).toFixed(0)} µs of backend CPU, ${((db3.commits - db2.commits) / ops).toFixed(2)} transactions (the seat watcher's reads included)`,
      );
    }
    console.log(`  most seats taken on a slot   ${worst} of 5 (oversold: ${worst > 5 ? "YES" : "no"})`);
    console.log(
      `  peak memory (RSS) per server ${[...peaks].map(([phase, mb]) => `${phase} ${mb.toFixed(0)} MB`).join(", ")}`,
    );
  } finally {
    clearInterval(sampler);
    for (const child of children) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-bench-"));
console.log(`bench:api: ${DURATION_S} s per phase, ${os.cpus().length} cores, Node ${process.version}`);
if (DATABASES.includes("sqlite")) await bench("SQLite", `file:${path.join(dir, "bench.db")}`, [PORT]);
if (!DATABASES.includes("postgres")) {
  // Only SQLite asked for.
} else if (await isPostgresReachable()) {
  for (const ports of [[PORT + 1], [PORT + 2, PORT + 3]]) {
    const temp = await createTemporaryPostgresDatabase();
    try {
      await bench(`PostgreSQL, ${ports.length === 1 ? "one process" : "two processes, round-robin"}`, temp.url, ports);
    } finally {
      await temp.drop();
    }
  }
} else {
  console.log("\nPostgreSQL not reachable: skipped");
}
fs.rmSync(dir, { recursive: true, force: true });
