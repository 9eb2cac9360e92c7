// `npm run bench:api`: throughput and latency of the API on loopback, on SQLite and (when
// reachable) PostgreSQL. Ceiling: an empty route. Then the published-slots list with 2,000 slots,
// then hold + release cycles from 50 concurrent students, checking that no slot is ever oversold.
// Also samples the server process's resident memory throughout. Prints its figures; asserts none.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createTemporaryPostgresDatabase, isPostgresReachable } from "../src/server/test/postgres.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Seeded {
  cookies: string[];
  slotIds: string[];
}

async function startServer(databaseUrl: string, port: number): Promise<{ child: ChildProcess; seeded: Seeded }> {
  // The same process settings as `npm start` (scripts/start.mjs).
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=4", "--max-old-space-size=160", ".tmp/bench/bench-server.js"],
    {
      env: { MALLOC_ARENA_MAX: "2", ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const seeded = await new Promise<Seeded>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as Seeded);
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, seeded };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(url: string, connections: number): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections, duration: DURATION_S, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** 50 students, each looping hold → release on one of 20 slots (capacity 5), for the duration. */
async function holdReleaseCycles(
  base: string,
  seeded: Seeded,
): Promise<{ opsPerSecond: number; refused: number; failures: number }> {
  const deadline = Date.now() + DURATION_S * 1000;
  let ops = 0;
  let refused = 0;
  let failures = 0;
  await Promise.all(
    seeded.cookies.map(async (cookie, i) => {
      while (Date.now() < deadline) {
        const slotId = seeded.slotIds[(i + ops) % seeded.slotIds.length];
        const held = await fetch(`${base}/api/holds`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ kind: "mock", targetId: slotId }),
        });
        if (held.status === 201) {
          const { id } = (await held.json()) as { id: string };
          const released = await fetch(`${base}/api/holds/${id}`, { method: "DELETE", headers: { cookie } });
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

async function bench(label: string, databaseUrl: string, port: number): Promise<void> {
  const { child, seeded } = await startServer(databaseUrl, port);
  const base = `http://127.0.0.1:${port}`;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(child.pid ?? 0));
  }, 200);
  try {
    const ceiling = await load(`${base}/bench/empty`, 50);
    const list = await load(`${base}/api/slots?package=service`, 50);
    let done = false;
    const oversell = watchOversell(base, seeded.slotIds, () => done);
    const cycles = await holdReleaseCycles(base, seeded);
    done = true;
    const worst = await oversell;
    console.log(`\n${label}`);
    console.log(`  empty route (ceiling)        ${ceiling.rps.toFixed(0)} req/s, p99 ${ceiling.p99} ms`);
    console.log(
      `  slots list, 2,000 slots      ${list.rps.toFixed(0)} req/s (${((list.rps / ceiling.rps) * 100).toFixed(0)}% of ceiling), p99 ${list.p99} ms, errors ${list.errors}`,
    );
    console.log(
      `  hold + release, 50 students  ${cycles.opsPerSecond.toFixed(0)} ops/s, refused (full) ${cycles.refused}, failures ${cycles.failures}`,
    );
    console.log(`  most seats taken on a slot   ${worst} of 5 (oversold: ${worst > 5 ? "YES" : "no"})`);
    console.log(`  server peak memory (RSS)     ${peakRss.toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-bench-"));
console.log(`bench:api: ${DURATION_S} s per phase, ${os.cpus().length} cores, Node ${process.version}`);
await bench("SQLite", `file:${path.join(dir, "bench.db")}`, 4600);
if (await isPostgresReachable()) {
  const temp = await createTemporaryPostgresDatabase();
  try {
    await bench("PostgreSQL", temp.url, 4601);
  } finally {
    await temp.drop();
  }
} else {
  console.log("\nPostgreSQL not reachable: skipped");
}
fs.rmSync(dir, { recursive: true, force: true });
