import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverNodeArgs } from "../../scripts/server-process.mjs";
import { scoreAreasFor } from "../shared/schemas/scorecards.js";
import { zonedDate } from "../shared/time.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { generateDataSet } from "./test/scale-data.js";
import { emptyDatabase, type ServerProcess, signInOverHttp, startServer } from "./test/server-process.js";
import { DIALECTS, postgresAvailable } from "./test/test-app.js";

/** The heap's limits as `npm start` sets them (scripts/server-process.mjs). */
const PRODUCTION_HEAP = serverNodeArgs.filter((arg) => arg.startsWith("--max-")).join(" ");
/**
 * A year of about 13,000 bookings and their receipts, asked for ten times at once: 130,000
 * documents in flight, more than the 6 × 30,000 that crashed a server building the CSV in memory
 * (docs/benchmarks.md, Scale), in data modest enough for CI.
 */
const YEAR = { students: 1_000, slots: 200, workshops: 50, internships: 0 };
const AT_ONCE = 10;
/**
 * What twenty answers in flight may add to the server's peak resident memory: a guard against
 * runaway growth, not a fine measure (seen 11–32 MB across runs, by when the collector ran).
 */
const MAX_GROWTH_MB = 48;

/** The process's resident memory now and its peak so far (Linux), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}

for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`a year of insights and invoices under the production heap cap [${dialect}]`, () => {
    let database: { url: string; drop: () => Promise<void> };
    let server: ServerProcess;
    let admin: string;
    let documents: number;
    const today = zonedDate(new Date(), "Asia/Kolkata");
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

    beforeAll(async () => {
      database = await emptyDatabase(dialect);
      const handle = openDatabase(database.url);
      try {
        await migrateToLatest(handle.db);
        await generateDataSet(handle.db, dialect, YEAR, Date.now());
        const counted = await handle.db
          .selectFrom("tax_documents")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        documents = Number(counted.n);
      } finally {
        await handle.close();
      }
      server = await startServer(database.url, { NODE_OPTIONS: PRODUCTION_HEAP });
      admin = await signInOverHttp(server, database.url, "admin@example.com");
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    it(`answers ${AT_ONCE} year-long CSVs and ${AT_ONCE} year-long insights at once, and keeps serving`, async () => {
      const ask = (url: string) => fetch(`${server.url}${url}`, { headers: { cookie: admin } });
      // One of each first: the code they run is compiled before memory is read.
      for (const url of [
        `/api/admin/invoices.csv?from=${yearAgo}&to=${today}`,
        `/api/admin/insights?from=${yearAgo}&to=${today}`,
      ]) {
        expect((await (await ask(url)).text()).length).toBeGreaterThan(0);
      }
      const before = memoryOf(server.child.pid ?? 0);
      const answers = await Promise.all([
        ...Array.from({ length: AT_ONCE }, () => ask(`/api/admin/invoices.csv?from=${yearAgo}&to=${today}`)),
        ...Array.from({ length: AT_ONCE }, () => ask(`/api/admin/insights?from=${yearAgo}&to=${today}`)),
      ]);
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      const after = memoryOf(server.child.pid ?? 0);
      // Measured once: 11 MB (SQLite) and 16 MB (PostgreSQL) on a shared 2-core machine.
      expect(after.peak - before.peak, JSON.stringify({ before, after })).toBeLessThan(MAX_GROWTH_MB);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (const csv of bodies.slice(0, AT_ONCE)) {
        // The header and one line per document issued in the year (every generated one).
        expect(csv.trimEnd().split("\r\n")).toHaveLength(documents + 1);
      }
      const insights = JSON.parse(bodies[AT_ONCE] ?? "{}") as { revenue: { byDay: unknown[]; grossPaise: number } };
      expect(insights.revenue.byDay.length).toBeGreaterThan(365);
      expect(insights.revenue.grossPaise).toBeGreaterThan(0);
      expect(documents).toBeGreaterThan(10_000);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }, 240_000);

    it("generates scorecards as the interviewer's form saves them: a whole score 1–5 for each area of the plan", async () => {
      const handle = openDatabase(database.url);
      try {
        const cards = await handle.db
          .selectFrom("scorecards")
          .innerJoin("bookings", "bookings.id", "scorecards.booking_id")
          .select(["scorecards.scores", "bookings.package_key"])
          .limit(200)
          .execute();
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) {
          const scores = JSON.parse(card.scores) as Record<string, number>;
          expect(Object.keys(scores)).toEqual(scoreAreasFor(card.package_key));
          expect(Object.values(scores).every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
        }
      } finally {
        await handle.close();
      }
    });
  });
}
