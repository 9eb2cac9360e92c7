// What the benchmark scripts share: the server under test (scripts/bench-server.ts, bundled) started as its own
// process with the same settings as `npm start`, and readings of a process's CPU time and resident memory.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { serverEnv, serverNodeArgs } from "./server-process.mjs";

const SERVER_BUNDLE = process.env.BENCH_SERVER ?? ".tmp/bench/bench-server.js";

export interface Seeded {
  cookies: string[];
  slotIds: string[];
  /** Without seeding (bench:scale), what the hold log's sweep did before serving, when asked. */
  upkeepMs?: number;
  holdsDeleted?: number;
  daysLookedAt?: number;
  upkeepLoopDelayMaxMs?: number;
}

export async function startServer(
  databaseUrl: string,
  port: number,
  seed = true,
): Promise<{ child: ChildProcess; seeded: Seeded }> {
  // The same process settings as `npm start` (scripts/start.mjs).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, ...(process.env.BENCH_NODE_FLAGS?.split(" ") ?? serverNodeArgs), SERVER_BUNDLE],
    {
      env: {
        ...serverEnv,
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        BENCH_SEED: String(seed),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const seeded = await new Promise<Seeded>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      // BENCH_SERVER_OUTPUT=file: whatever the server prints (`--trace-gc` in BENCH_NODE_FLAGS) is appended to file.
      if (process.env.BENCH_SERVER_OUTPUT) fs.appendFileSync(process.env.BENCH_SERVER_OUTPUT, chunk);
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as Seeded);
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, seeded };
}

/** CPU time (user + system) the process has used, in ms: per request, it is steadier than rates on a busy machine. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * CPU time (user + system, ms) of every PostgreSQL process on this machine (the server's backends and
 * its own workers), or null where none is readable: the database's share of a request when it runs here.
 * A backend that ended (the pool closes idle connections after 10 s) took its time with it; the
 * postmaster counts it among its reaped children's (cutime, cstime), added here, so the sum never falls.
 */
export function postgresCpuMs(): number | null {
  let total = 0;
  let found = false;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1]?.split(" ") ?? [];
      const own = Number(fields[11]) + Number(fields[12]);
      const reaped = Number(fields[13]) + Number(fields[14]);
      total += ((own + reaped) * 1000) / 100;
      found = true;
    } catch {
      // The process ended while read.
    }
  }
  return found ? total : null;
}

/**
 * The process's own memory: resident anonymous pages (heaps, stacks), without the pages of files it
 * maps (the node binary's code and ICU data, shared with every node process and dropped by the
 * kernel when memory is short), which RSS also counts.
 */
export function anonMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
