// `npm run bench:scale`: does every page cost what it shows, not what is stored? For each database
// (SQLite, and PostgreSQL when reachable) and each data set size (BENCH_SIZES, default "S,M"; L by
// hand: BENCH_SIZES=L), it migrates a fresh database with every migration but the scale work's,
// writes the data set (src/server/test/scale-data.ts; timed), applies the remaining
// migrations (the online index builds, timed at that size), measures what each table takes, then
// starts the server as `npm start` runs it (bundled, the production heap cap) and loads every
// measured request in turns: BENCH_ROUNDS (3) rounds of BENCH_SECONDS (3) per request at
// BENCH_CONNECTIONS (10), reporting the median over rounds of p50 and p99, server CPU per request
// (on PostgreSQL also the database's: every postgres process of this machine), and the server's peak
// RSS. A generated PostgreSQL database is vacuumed, as autovacuum keeps one in service. Results: printed, and as JSON in .tmp/bench-scale/. Asserts nothing.
// BENCH_KEEP=true keeps the database (SQLite: .tmp/bench-scale/<size>.db; PostgreSQL: a database named
// bench_scale_<size>); BENCH_REUSE=true measures a kept one again (no generation). Then Chromium
// opens the console's bookings and insights pages (BENCH_BROWSER=false skips it) and reports when
// their first content and their first rows showed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { Migrator, sql } from "kysely";
import { type Db, openDatabase } from "../src/server/db/database.js";
import { migrateToLatest, migrations } from "../src/server/db/migrate.js";
import {
  createTemporaryPostgresDatabase,
  isPostgresReachable,
  namedPostgresDatabase,
} from "../src/server/test/postgres.js";
import { generateDataSet, HEAVY_STUDENT, LIGHT_STUDENT, SIZES } from "../src/server/test/scale-data.js";
import { fetchTransport, signInThroughOutbox } from "../src/server/test/sign-in.js";
import { addDays, zonedDate } from "../src/shared/time.js";
import { anonMb, cpuMs, postgresCpuMs, rssMb, startServer } from "./bench-common.js";
import { type RequestFigures, type SizeResult, verdict } from "./bench-scale-targets.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DB ?? "sqlite,postgres").split(",");
const SIZE_NAMES = (process.env.BENCH_SIZES ?? "S,M").split(",");
const PORT = Number(process.env.BENCH_PORT ?? 4700);
const OUT = path.resolve(".tmp/bench-scale");
/**
 * The upgrade measured at each size: the scale work's migrations (online index builds, the
 * `session_start` fill, the daily rollups). The data is written with every other migration applied,
 * so the generator's rows have today's columns and the upgrade runs over a full database.
 */
const UPGRADE = /^(0320|0321|0322|0333|038\d|042[0-6]|043\d|0440)-/;

async function migrateBefore(db: Db): Promise<void> {
  const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => !UPGRADE.test(name)));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => older },
    migrationTableName: "kysely_migration",
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Bytes per table and its indexes, largest first. */
async function tableSizes(db: Db, dialect: "sqlite" | "postgres"): Promise<Record<string, number>> {
  const rows =
    dialect === "sqlite"
      ? await sql<{ name: string; bytes: number }>`
          select coalesce(m.tbl_name, d.name) as name, sum(d.pgsize) as bytes
          from dbstat d left join sqlite_master m on m.name = d.name group by 1 order by 2 desc`.execute(db)
      : await sql<{ name: string; bytes: string }>`
          select relname as name, pg_total_relation_size(oid) as bytes from pg_class
          where relkind = 'r' and relnamespace = 'public'::regnamespace order by 2 desc`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.bytes)]));
}

/** Signs in through the real link flow, reading the link from the outbox table as the app's tests do. */
function signIn(base: string, db: Db, email: string): Promise<string> {
  const headers = { "sec-fetch-site": "same-origin", origin: base.replace("127.0.0.1", "localhost") };
  return signInThroughOutbox(db, fetchTransport(base, headers), email);
}

/** A request's figures: those the targets read (bench-scale-targets.ts), and the rest the table prints. */
interface Measured extends RequestFigures {
  cpuMsPerRequest: number;
  /** On PostgreSQL, the database's own CPU per request (every postgres process of this machine); null on SQLite. */
  dbCpuMsPerRequest: number | null;
  /** The same as peakRssMb for the anonymous memory (RSS without mapped files: see anonMb). */
  peakAnonMb: number;
  errors: number;
  bytesPerAnswer: number;
}

/** The server's resident memory, sampled every 100 ms: the peak of the whole run and of the current phase. */
const rss = { peak: 0, phase: 0, anonPeak: 0, anonPhase: 0 };

/**
 * Waits until the server has finished what the last phase left in flight (autocannon stops sending
 * at the deadline, the server does not stop answering), so no phase pays for the one before it.
 */
async function settle(pid: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (cpuMs(pid) - before < 20) return;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(
  pid: number,
  base: string,
  requests: [string, string, string][],
  dialect: "sqlite" | "postgres",
): Promise<Measured[]> {
  const samples = new Map<
    string,
    {
      p50: number[];
      p99: number[];
      cpu: number[];
      dbCpu: number[];
      rss: number;
      anon: number;
      errors: number;
      silentRounds: number;
      bytes: number[];
    }
  >();
  const databaseCpu = () => (dialect === "postgres" ? postgresCpuMs() : null);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, cookie] of requests) {
      await settle(pid);
      rss.phase = 0;
      rss.anonPhase = 0;
      const before = cpuMs(pid);
      const dbBefore = databaseCpu();
      const result = await autocannon({
        url: `${base}${url}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie, "accept-encoding": "gzip" },
      });
      const sample = samples.get(name) ?? {
        p50: [],
        p99: [],
        cpu: [],
        dbCpu: [],
        rss: 0,
        anon: 0,
        errors: 0,
        silentRounds: 0,
        bytes: [],
      };
      // A request slower than the round is answered after autocannon stopped listening: the round has
      // no latencies (autocannon reads 0), so it is counted apart instead of passing for a fast one.
      if (result["2xx"] + result.non2xx > 0) {
        sample.p50.push(result.latency.p50);
        sample.p99.push(result.latency.p99);
      } else sample.silentRounds++;
      await settle(pid);
      sample.cpu.push((cpuMs(pid) - before) / Math.max(1, result.requests.total));
      if (result.requests.total > 0) sample.bytes.push(result.throughput.total / result.requests.total);
      const dbAfter = databaseCpu();
      if (dbBefore !== null && dbAfter !== null)
        sample.dbCpu.push((dbAfter - dbBefore) / Math.max(1, result.requests.total));
      // The first round only: later rounds start with what the heavier requests of the round before left.
      if (round === 0) {
        sample.rss = rss.phase;
        sample.anon = rss.anonPhase;
      }
      sample.errors += result.errors + result.non2xx;
      samples.set(name, sample);
    }
  }
  return [...samples].map(([request, s]) => ({
    request,
    p50: median(s.p50),
    p99: median(s.p99),
    cpuMsPerRequest: Math.round(median(s.cpu) * 100) / 100,
    dbCpuMsPerRequest: s.dbCpu.length > 0 ? Math.round(median(s.dbCpu) * 100) / 100 : null,
    peakRssMb: Math.round(s.rss),
    peakAnonMb: Math.round(s.anon),
    errors: s.errors,
    silentRounds: s.silentRounds,
    bytesPerAnswer: Math.round(median(s.bytes)),
  }));
}

const BROWSER = process.env.BENCH_BROWSER !== "false";
const CLIENT_DIR = path.join(OUT, "client");
const BROWSER_LOADS = Number(process.env.BENCH_BROWSER_LOADS ?? 5);

interface PageTiming {
  page: string;
  /** First contentful paint, ms after navigation started (median and worst of the loads). */
  fcpMs: [number, number];
  /** When the page's data showed (the first booking, the key figures), ms after navigation started. */
  shownMs: [number, number];
}

/**
 * The console as an admin sees it at this size: each page loaded BROWSER_LOADS times in a fresh
 * Chromium context (nothing cached), timed by the page itself (the paint timing entry, and
 * `performance.now()` when the first row is in the document).
 */
async function measurePages(base: string, adminCookie: string): Promise<PageTiming[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const pages: [string, string, string][] = [
    ["console bookings, first page", "/admin?section=bookings", "section[aria-labelledby='bookings-title'] ul > li"],
    ["console insights, 90 days", "/admin?section=insights", "dl[aria-label='Key figures'] dd"],
  ];
  const cookies = adminCookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
  const timings: PageTiming[] = [];
  try {
    for (const [name, url, selector] of pages) {
      const fcp: number[] = [];
      const shown: number[] = [];
      for (let load = 0; load < BROWSER_LOADS; load++) {
        const context = await browser.newContext();
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(`${base}${url}`, { waitUntil: "commit" });
        const at = await page.waitForFunction(
          (css) => (document.querySelector(css) ? performance.now() : 0),
          selector,
          { polling: "raf", timeout: 30_000 },
        );
        shown.push(Math.round(Number(await at.jsonValue())));
        fcp.push(
          Math.round(
            await page.evaluate(
              () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
            ),
          ),
        );
        await context.close();
      }
      const worst = (values: number[]) => Math.max(...values);
      timings.push({ page: name, fcpMs: [median(fcp), worst(fcp)], shownMs: [median(shown), worst(shown)] });
    }
  } finally {
    await browser.close();
  }
  return timings;
}

/**
 * BENCH_REQUESTS="insights,CSV": only the requests whose name contains one of these words;
 * "insights&year" names those containing both (a name's own commas cannot be given).
 */
const ONLY = process.env.BENCH_REQUESTS?.split(",").map((words) =>
  words.split("&").map((word) => word.trim().toLowerCase()),
);

function requestsFor(cookies: { admin: string; light: string; heavy: string }): [string, string, string][] {
  return allRequests(cookies).filter(
    ([name]) => !ONLY || ONLY.some((words) => words.every((word) => name.toLowerCase().includes(word))),
  );
}

function allRequests(cookies: { admin: string; light: string; heavy: string }): [string, string, string][] {
  const today = zonedDate(new Date(), "Asia/Kolkata");
  const since = (days: number) => addDays(today, -days);
  return [
    ["one day's slots", `/api/slots?package=service&date=${addDays(today, 1)}`, ""],
    ["days summary", "/api/slots/days?package=service", ""],
    // The landing page's prices and feedback-time claim, asked for by every visitor.
    ["public catalog", "/api/catalog", ""],
    ["student dashboard (2 bookings)", "/api/dashboard", cookies.light],
    ["student dashboard (50 bookings)", "/api/dashboard", cookies.heavy],
    ["admin bookings, first page", "/api/admin/bookings", cookies.admin],
    ["admin bookings, a week", `/api/admin/bookings?from=${since(6)}&to=${today}`, cookies.admin],
    ["admin insights, 90 days", `/api/admin/insights?from=${since(89)}&to=${today}`, cookies.admin],
    ["admin insights, a year", `/api/admin/insights?from=${since(364)}&to=${today}`, cookies.admin],
    ["audit log, first page", "/api/admin/audit", cookies.admin],
    ["invoices CSV, a month", `/api/admin/invoices.csv?from=${since(29)}&to=${today}`, cookies.admin],
    ["invoices CSV, a year", `/api/admin/invoices.csv?from=${since(364)}&to=${today}`, cookies.admin],
    ["data export (2 bookings)", "/api/me/export", cookies.light],
    ["data export (50 bookings)", "/api/me/export", cookies.heavy],
  ];
}

/** BENCH_REUSE=true: measure the database a BENCH_KEEP run left, without generating it again (it stays). */
const REUSE = process.env.BENCH_REUSE === "true";
const KEEP = process.env.BENCH_KEEP === "true";

async function freshDatabase(dialect: string, sizeName: string) {
  if (dialect === "postgres") {
    if (KEEP || REUSE) return namedPostgresDatabase(`bench_scale_${sizeName.toLowerCase()}`, REUSE);
    return { ...(await createTemporaryPostgresDatabase()), reused: false };
  }
  fs.mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${sizeName}.db`);
  const remove = async () => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  };
  const reused = REUSE && fs.existsSync(file);
  if (!reused) await remove();
  return { url: `file:${file}`, drop: remove, reused };
}

/** Writes the data set, or counts the one a kept file holds. */
async function dataSet(db: Db, dialect: "sqlite" | "postgres", sizeName: string, reused: boolean) {
  const size = SIZES[sizeName];
  if (!size) throw new Error(`unknown size ${sizeName}: S, M or L`);
  if (reused) {
    const count = async (table: "bookings" | "user") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { bookings: await count("bookings"), users: await count("user") };
  }
  await migrateBefore(db);
  // The data set's "now": the last noon in India that has passed. Today's noon is ahead of the clock
  // before 06:30 UTC (from 18:30 UTC it is tomorrow's date in India), and a data set made with it had
  // sessions completed and scorecards saved hours after the server's clock, all read as today's.
  const noon = Date.parse(`${zonedDate(new Date(), "Asia/Kolkata")}T06:30:00Z`);
  const nowMs = noon > Date.now() ? noon - 86_400_000 : noon;
  const counts = await generateDataSet(db, dialect, size, nowMs);
  // A database in service has been vacuumed by autovacuum (visibility maps set, so index-only scans
  // read no table pages); a bulk load has not, and would measure a state no running platform is in.
  if (dialect === "postgres") await sql`vacuum analyze`.execute(db);
  return counts;
}

async function runOne(dialect: "sqlite" | "postgres", sizeName: string) {
  const database = await freshDatabase(dialect, sizeName);
  const handle = openDatabase(database.url);
  const port = PORT + (dialect === "postgres" ? 1 : 0);
  try {
    const generating = performance.now();
    const counts = await dataSet(handle.db, dialect, sizeName, database.reused);
    const generationS = (performance.now() - generating) / 1000;
    const bytesBefore = Object.values(await tableSizes(handle.db, dialect)).reduce((s, n) => s + n, 0);
    const upgrading = performance.now();
    await migrateToLatest(handle.db);
    const upgradeS = (performance.now() - upgrading) / 1000;
    const tables = await tableSizes(handle.db, dialect);
    const totalBytes = Object.values(tables).reduce((s, n) => s + n, 0);
    process.env.BENCH_UPKEEP = "true";
    const { child, seeded } = await startServer(database.url, port, false);
    // The upgrade rewrote every booking, the upkeep deleted a year of holds and kept a year of days: a
    // server in service has autovacuum vacuum and analyze them within minutes, and a machine may run
    // without it (docs/benchmarks.md, Scale, twenty-first entry).
    const vacuuming = performance.now();
    if (dialect === "postgres") await sql`vacuum analyze`.execute(handle.db);
    const vacuumS = (performance.now() - vacuuming) / 1000;
    // After Insights' first upkeep: the year's days kept, the hold log pruned (src/server/modules/insights/upkeep.ts).
    const swept = await tableSizes(handle.db, dialect);
    const sweptBytes = Object.values(swept).reduce((s, n) => s + n, 0);
    rss.peak = 0;
    rss.anonPeak = 0;
    const sampler = setInterval(() => {
      const now = rssMb(child.pid ?? 0);
      const anon = anonMb(child.pid ?? 0);
      rss.peak = Math.max(rss.peak, now);
      rss.phase = Math.max(rss.phase, now);
      rss.anonPeak = Math.max(rss.anonPeak, anon);
      rss.anonPhase = Math.max(rss.anonPhase, anon);
    }, 100);
    try {
      const base = `http://127.0.0.1:${port}`;
      const cookies = {
        admin: await signIn(base, handle.db, "admin@example.com"),
        light: await signIn(base, handle.db, LIGHT_STUDENT),
        heavy: await signIn(base, handle.db, HEAVY_STUDENT),
      };
      const measured = await measure(child.pid ?? 0, base, requestsFor(cookies), dialect);
      const browser = BROWSER ? await measurePages(base.replace("127.0.0.1", "localhost"), cookies.admin) : [];
      return {
        dialect,
        size: sizeName,
        ...counts,
        generationS,
        upgradeS,
        totalBytes,
        bytesPerBooking: Math.round(totalBytes / counts.bookings),
        bytesPerBookingBeforeUpgrade: Math.round(bytesBefore / counts.bookings),
        bytesPerBookingAfterSweep: Math.round(sweptBytes / counts.bookings),
        upkeepS: (seeded.upkeepMs ?? 0) / 1000,
        vacuumS,
        holdsDeleted: seeded.holdsDeleted ?? 0,
        daysLookedAt: seeded.daysLookedAt ?? 0,
        upkeepLoopDelayMaxMs: seeded.upkeepLoopDelayMaxMs ?? 0,
        tablesAfterSweep: swept,
        tables,
        peakRssMb: Math.round(rss.peak),
        peakAnonMb: Math.round(rss.anonPeak),
        measured,
        browser,
      };
    } finally {
      clearInterval(sampler);
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  } finally {
    await handle.close();
    if (!KEEP && !database.reused) await database.drop();
  }
}

function print(result: Awaited<ReturnType<typeof runOne>>, load: string): void {
  console.log(
    `\n## ${result.dialect}, ${result.size}: ${result.users} users, ${result.bookings} bookings (load average ${load})`,
  );
  console.log(
    `generated in ${result.generationS.toFixed(1)} s; upgrade (migrations 0320-0322, 0333, 0380-0381, 0420-0426, 0430-0440) ${result.upgradeS.toFixed(1)} s; ${(result.totalBytes / 1e6).toFixed(1)} MB, ${result.bytesPerBooking} bytes per booking (${result.bytesPerBookingBeforeUpgrade} before the upgrade); server peak RSS ${result.peakRssMb} MB (anonymous ${result.peakAnonMb} MB)`,
  );
  console.log(
    "| Request | p50 ms | p99 ms | CPU ms/request (database's) | peak RSS (anonymous) MB | answer KB | errors |\n|---|---|---|---|---|---|---|",
  );
  const latency = (m: Measured, ms: number) =>
    m.silentRounds === 0
      ? `${ms}`
      : m.silentRounds < ROUNDS
        ? `${ms} (${m.silentRounds} of ${ROUNDS} rounds: none answered)`
        : "none answered";
  for (const m of result.measured)
    console.log(
      `| ${m.request} | ${latency(m, m.p50)} | ${latency(m, m.p99)} | ${m.cpuMsPerRequest}${m.dbCpuMsPerRequest === null ? "" : ` (${m.dbCpuMsPerRequest})`} | ${m.peakRssMb} (${m.peakAnonMb}) | ${(m.bytesPerAnswer / 1024).toFixed(1)} | ${m.errors} |`,
    );
  console.log(
    `Insights' upkeep: ${result.daysLookedAt} days kept, ${result.holdsDeleted} holds deleted, in ${result.upkeepS.toFixed(1)} s, the event loop held at most ${result.upkeepLoopDelayMaxMs} ms (then vacuumed in ${result.vacuumS.toFixed(1)} s); then ${result.bytesPerBookingAfterSweep} bytes per booking`,
  );
  for (const b of result.browser)
    console.log(
      `Chromium, ${b.page}: first content ${b.fcpMs[0]} ms (worst ${b.fcpMs[1]}), first rows ${b.shownMs[0]} ms (worst ${b.shownMs[1]})`,
    );
  const top = Object.entries(result.tables)
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${(bytes / 1e6).toFixed(1)} MB`);
  console.log(`largest: ${top.join(", ")}`);
}

if (BROWSER) {
  const build = spawnSync(process.execPath, ["scripts/build-client.mjs", CLIENT_DIR], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("the client build failed");
  process.env.CLIENT_DIR = CLIENT_DIR;
}

const dialects = DATABASES.filter((d): d is "sqlite" | "postgres" => d === "sqlite" || d === "postgres");
const reachable = await isPostgresReachable();
for (const dialect of dialects) {
  if (dialect === "postgres" && !reachable) {
    console.log("PostgreSQL is not reachable: skipped");
    continue;
  }
  for (const sizeName of SIZE_NAMES) {
    const result = await runOne(dialect, sizeName);
    const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    print(result, load);
    fs.mkdirSync(OUT, { recursive: true });
    const at = new Date().toISOString();
    fs.writeFileSync(path.join(OUT, `${dialect}-${sizeName}.json`), JSON.stringify({ ...result, load, at }, null, 2));
  }
  printVerdict(dialect);
}

/**
 * The targets read against L and S of this database, when both were measured: in this run or, for the
 * size it did not run, by an earlier one whose results are kept (scripts/bench-scale-targets.ts).
 */
function printVerdict(dialect: string): void {
  if (!SIZE_NAMES.includes("L") && !SIZE_NAMES.includes("S")) return;
  const read = (size: string): SizeResult | undefined => {
    const file = path.join(OUT, `${dialect}-${size}.json`);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as SizeResult) : undefined;
  };
  const [small, large] = [read("S"), read("L")];
  if (!small || !large) return;
  console.log(`\n${verdict(small, large).join("\n")}`);
}
