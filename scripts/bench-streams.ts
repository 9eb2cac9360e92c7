// `npm run bench:streams`: live updates at scale. One server process (scripts/bench-server.ts, the settings of
// `npm start`) with BENCH_STREAMS (10,000) open slot streams (`GET /api/slots/stream`), held by four client
// processes; then BENCH_CHANGES (40) seat changes (a hold, then its release, one at a time), each announced to the
// clients when it is requested. Reports the delay from the change's request to each stream's receipt of its event
// (p50, p99, max, over every stream and change), streams that missed one, and the server's resident memory: idle,
// with the streams open, and at its peak while the events fan out. Prints its figures; asserts none.
//
// BENCH_DB=postgres runs it on a temporary PostgreSQL database (events then go through LISTEN/NOTIFY). BENCH_PORT
// (4610) is the server's port, so two runs on one machine do not collide.
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTemporaryPostgresDatabase } from "../src/server/test/postgres.js";
import { cpuMs, rssMb, startServer } from "./bench-common.js";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
const CLIENTS = 4;
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const GIVE_UP_MS = 5_000;

type ClientMessage =
  | { type: "open"; count: number }
  | { type: "expecting"; slotId: string }
  | { type: "seen"; slotId: string; times: number[]; missed: number };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(databaseUrl: string): Promise<void> {
  const { child: server, seeded } = await startServer(databaseUrl, PORT);
  const pid = server.pid ?? 0;
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 100);
  const clients: ChildProcess[] = [];
  try {
    const opened = Date.now();
    const perClient = Math.ceil(STREAMS / CLIENTS);
    const ready = Array.from({ length: CLIENTS }, (_, i) => {
      const count = Math.min(perClient, STREAMS - i * perClient);
      const client = fork("scripts/bench-streams-client.mjs", {
        env: { ...process.env, URL: `http://127.0.0.1:${PORT}/api/slots/stream`, COUNT: String(count) },
      });
      clients.push(client);
      return new Promise<void>((resolve, reject) => {
        client.once("exit", (code) => reject(new Error(`a client exited with ${code} while opening streams`)));
        client.on("message", (message: ClientMessage) => {
          if (message.type === "open") resolve();
        });
      });
    });
    await Promise.all(ready);
    await new Promise((r) => setTimeout(r, 1_000));
    const openMb = rssMb(pid);
    const memory = (await (await fetch(`http://127.0.0.1:${PORT}/bench/memory`)).json()) as NodeJS.MemoryUsage;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `  ${STREAMS} streams open in ${((Date.now() - opened) / 1000).toFixed(1)} s: RSS ${openMb.toFixed(0)} MB, JS heap used ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, external ${mb(memory.external)}, array buffers ${mb(memory.arrayBuffers)}`,
    );

    const delays: number[] = [];
    let missed = 0;
    const cpu0 = cpuMs(pid);
    for (let i = 0; i < CHANGES; i++) {
      // The first seeded slot starts within the booking cut-off; the others are open.
      const slotId = seeded.slotIds[1 + (i % (seeded.slotIds.length - 1))] ?? "";
      const cookie = seeded.cookies[i % seeded.cookies.length] ?? "";
      // Each client acknowledges the announcement before the change is requested: an event read before its
      // announcement (a busy client reads its sockets before its parent's message) would count as missed.
      const expecting = clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            const onMessage = (message: ClientMessage) => {
              if (message.type !== "expecting" || message.slotId !== slotId) return;
              client.off("message", onMessage);
              resolve();
            };
            client.on("message", onMessage);
          }),
      );
      let t0 = 0;
      const seen = clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            const onMessage = (message: ClientMessage) => {
              if (message.type !== "seen" || message.slotId !== slotId) return;
              client.off("message", onMessage);
              delays.push(...message.times.map((time) => time - t0));
              missed += message.missed;
              resolve();
            };
            client.on("message", onMessage);
            client.send({ type: "expect", slotId });
          }),
      );
      await Promise.all(expecting);
      t0 = Date.now();
      const held = await fetch(`http://127.0.0.1:${PORT}/api/holds`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ kind: "mock", targetId: slotId }),
      });
      if (held.status !== 201) throw new Error(`the hold was refused: ${held.status} ${await held.text()}`);
      const { id } = (await held.json()) as { id: string };
      const giveUp = setTimeout(() => {
        for (const client of clients) client.send({ type: "give-up", slotId });
      }, GIVE_UP_MS);
      await Promise.all(seen);
      clearTimeout(giveUp);
      await fetch(`http://127.0.0.1:${PORT}/api/holds/${id}`, {
        method: "DELETE",
        headers: { cookie, "sec-fetch-site": "same-origin" },
      });
      await new Promise((r) => setTimeout(r, 100));
    }
    const cpu1 = cpuMs(pid);
    delays.sort((a, b) => a - b);
    console.log(
      `  delay change → client        p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms (${delays.length} receipts, ${missed} missed)`,
    );
    console.log(
      `  server CPU per change        ${((cpu1 - cpu0) / (CHANGES * 2)).toFixed(0)} ms (hold or release, fan-out to every stream, heartbeats)`,
    );
    console.log(
      `  server memory (RSS)          idle ${idleMb.toFixed(0)} MB, ${STREAMS} streams open ${openMb.toFixed(0)} MB, peak ${Math.max(peakMb, openMb).toFixed(0)} MB`,
    );
  } finally {
    clearInterval(sampler);
    for (const client of clients) client.send({ type: "stop" });
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

console.log(
  `bench:streams: ${STREAMS} streams, ${CHANGES} changes, ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
if (process.env.BENCH_DB === "postgres") {
  const temp = await createTemporaryPostgresDatabase();
  try {
    console.log("\nPostgreSQL, one process");
    await run(temp.url);
  } finally {
    await temp.drop();
  }
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-bench-streams-"));
  console.log("\nSQLite, one process");
  await run(`file:${path.join(dir, "bench.db")}`);
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
