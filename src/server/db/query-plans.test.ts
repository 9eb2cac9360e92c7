import { CompiledQuery, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../modules/audit/repository.js";
import { expireStalePendingBookings } from "../modules/bookings/repository.js";
import { insertContactMessage } from "../modules/contact/repository.js";
import { buildBooking, buildSlot, findUserId } from "../test/builders.js";
import { createTestApp, DIALECTS, json, postgresAvailable, type TestApp } from "../test/test-app.js";
import type { Dialect } from "./database.js";

/**
 * The tables that grow with every booking (and its tax document), with every visitor (the inbox), or
 * with every place ever taken in a line (the waitlists): a page that scans one of them costs what is stored.
 */
const GROWING = [
  "bookings",
  "payments",
  "notifications",
  "audit_log",
  "tax_documents",
  "contact_messages",
  "waitlist_entries",
  "hold_log",
];
/** Partial indexes read whole on purpose: they hold only the rows their condition names (the waiting messages). */
const PARTIAL = ["contact_messages_unhandled_idx"];
const mentionsGrowing = (text: string) => GROWING.some((table) => new RegExp(`\\b${table}\\b`).test(text));

/** SQLite's plan lines: `SCAN bookings` reads every row; `SEARCH … USING INDEX` and an index-ordered `SCAN` do not. */
function sqliteFullScans(lines: string[]): string[] {
  return lines.filter(
    (line) =>
      GROWING.some((table) => new RegExp(`^SCAN ${table}\\b(?! USING INDEX)`).test(line.trim())) &&
      !PARTIAL.some((index) => line.includes(index)),
  );
}

/**
 * PostgreSQL's generic plan with whole-table reads priced out: a `Seq Scan` left on a growing table
 * means no index can serve the query, and so does an index read end to end (no condition, no limit).
 */
function postgresFullScans(lines: string[]): string[] {
  const limited = lines.some((line) => /\bLimit\b/.test(line));
  return lines.filter((line, i) => {
    const table = GROWING.find((name) => new RegExp(`on ${name}\\b`).test(line));
    if (!table || PARTIAL.some((index) => line.includes(index))) return false;
    if (/Seq Scan/.test(line)) return true;
    const detail = lines.slice(i + 1).findIndex((next) => /->/.test(next));
    const ownLines = lines.slice(i + 1, detail === -1 ? undefined : i + 1 + detail);
    return /Index (Only )?Scan/.test(line) && !ownLines.some((next) => /Index Cond/.test(next)) && !limited;
  });
}

/**
 * A test database is tiny, so PostgreSQL would rightly read whole tables; with these turned off it
 * takes an index wherever one can serve the query (joins become index lookups per outer row).
 */
const PLANNER_ASKS_FOR_INDEXES = ["enable_seqscan", "enable_hashjoin", "enable_mergejoin", "enable_material"];

async function planOf(db: Kysely<unknown>, dialect: Dialect, text: string): Promise<string[]> {
  if (dialect === "sqlite") {
    const nulls = Array.from(text.matchAll(/\?/g), () => null);
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, nulls));
    return result.rows.map((row) => row.detail);
  }
  const count = Math.max(0, ...Array.from(text.matchAll(/\$(\d+)/g), (m) => Number(m[1])));
  return db.connection().execute(async (connection) => {
    for (const setting of PLANNER_ASKS_FOR_INDEXES) await sql.raw(`set ${setting} = off`).execute(connection);
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    await sql.raw(`prepare plan_probe as ${text}`).execute(connection);
    try {
      const args = count > 0 ? `(${Array(count).fill("null").join(", ")})` : "";
      const result = await sql.raw<{ "QUERY PLAN": string }>(`explain execute plan_probe${args}`).execute(connection);
      return result.rows.map((row) => row["QUERY PLAN"]);
    } finally {
      await sql`deallocate plan_probe`.execute(connection);
      for (const setting of PLANNER_ASKS_FOR_INDEXES) await sql.raw(`reset ${setting}`).execute(connection);
      await sql`reset plan_cache_mode`.execute(connection);
    }
  });
}

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR).toISOString().slice(0, 10);

for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`pages read what they show, from indexes (docs/benchmarks.md, Scale) [${dialect}]`, () => {
    const sent: string[] = [];
    let t: TestApp;
    let admin: string;
    let student: string;

    beforeAll(async () => {
      t = await createTestApp(dialect, {}, { onQuery: (text) => sent.push(text) });
      admin = await t.signInAdmin();
      student = await t.signIn("planned@example.com");
      const user_id = await findUserId(t.app.deps.db, "planned@example.com");
      for (const hours of [30, 60]) {
        const slot = await buildSlot(t.app.deps.db, { start_at: at(hours), end_at: at(hours + 1) });
        await buildBooking(t.app.deps.db, { user_id, target_id: slot.id });
        const place = { user_id, kind: "mock", target_id: slot.id, package_key: "service" } as const;
        const joined = { offer_expires_at: null, offered_at: null, created_at: at(-1), updated_at: at(-1) };
        await t.app.deps.db
          .insertInto("waitlist_entries")
          .values({ ...place, ...joined, id: `line-${hours}`, status: "waiting" })
          .execute();
      }
      for (const n of [1, 2]) {
        const entry = { actorEmail: "admin@example.com", action: "create", entity: "slot", entityId: `slot-${n}` };
        await recordAudit(t.app.deps.db, { ...entry, before: null, after: { n } });
        const message = { name: "Asha", email: "asha@example.com", subject: `Question ${n}`, message: "Hello" };
        await insertContactMessage(t.app.deps.db, { ...message, id: `m-${n}`, handled_at: null, created_at: at(-n) });
      }
      const created = { created_by: "admin@example.com", created_at: at(-1), updated_at: at(-1) };
      await t.app.deps.db
        .insertInto("coupons")
        .values({
          ...created,
          id: "planned-coupon",
          code: "PLANNED10",
          percent_off: 10,
          amount_off_paise: null,
          max_redemptions: null,
          valid_from: null,
          valid_to: null,
          packages: "[]",
          active: 1,
        })
        .execute();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    /** Every statement a page sends that reads a growing table, each with the full scans its plan has. */
    async function fullScansOf(serve: () => Promise<unknown>) {
      sent.length = 0;
      await serve();
      const statements = [...new Set(sent)].filter((text) => mentionsGrowing(text) && !/^\s*insert/i.test(text));
      expect(statements.length).toBeGreaterThan(0);
      const found: { statement: string; scans: string[]; plan: string[] }[] = [];
      for (const statement of statements) {
        const lines = await planOf(t.app.deps.db as unknown as Kysely<unknown>, dialect, statement);
        const scans = dialect === "sqlite" ? sqliteFullScans(lines) : postgresFullScans(lines);
        if (scans.length > 0) found.push({ statement, scans, plan: lines });
      }
      return found;
    }

    const page = (url: string, cookie: () => string) => async () => {
      const response = await t.request({ url, cookie: cookie() });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };

    const pages: [string, string, () => string][] = [
      ["student dashboard", "/api/dashboard", () => student],
      ["data export", "/api/me/export", () => student],
      ["admin bookings, first page", "/api/admin/bookings", () => admin],
      ["admin bookings, a week", `/api/admin/bookings?from=${daysAgo(7)}&to=${today()}`, () => admin],
      ["admin bookings, one status", "/api/admin/bookings?status=completed&kind=mock", () => admin],
      ["admin insights, 90 days", `/api/admin/insights?from=${daysAgo(90)}&to=${today()}`, () => admin],
      ["audit log, first page", "/api/admin/audit", () => admin],
      ["audit log, one entity", "/api/admin/audit?entity=booking", () => admin],
      ["invoices CSV, a month", `/api/admin/invoices.csv?from=${daysAgo(30)}&to=${today()}`, () => admin],
      ["invoices list, first page", `/api/admin/invoices?from=${daysAgo(30)}&to=${today()}`, () => admin],
      ["messages inbox, first page", "/api/admin/messages", () => admin],
      ["coupons, first page", "/api/admin/coupons", () => admin],
      ["waitlists, first page", "/api/admin/waitlists", () => admin],
      ["admin week of slots (bounded by its week)", `/api/admin/slots?week=${today()}`, () => admin],
    ];
    for (const [name, url, cookie] of pages) {
      it(`${name}: no full scan of bookings, payments, notifications or audit rows`, async () => {
        expect(await fullScansOf(page(url, cookie))).toEqual([]);
      });
    }

    it("admin insights, 90 days with every settled day kept: no full scan", async () => {
      const insights = page(`/api/admin/insights?from=${daysAgo(90)}&to=${today()}`, () => admin);
      await insights();
      expect(await fullScansOf(insights)).toEqual([]);
    });

    it("the next page of bookings, the audit log, the inbox and the waitlists: no full scan", async () => {
      const next = async (url: string) => {
        const first = json<{ nextCursor: string | null }>(await t.request({ url, cookie: admin }));
        expect(first.nextCursor).not.toBeNull();
        return page(`${url}&cursor=${first.nextCursor}`, () => admin);
      };
      expect(await fullScansOf(await next("/api/admin/bookings?limit=1"))).toEqual([]);
      expect(await fullScansOf(await next("/api/admin/audit?limit=1"))).toEqual([]);
      expect(await fullScansOf(await next("/api/admin/messages?limit=1"))).toEqual([]);
      expect(await fullScansOf(await next("/api/admin/waitlists?limit=1"))).toEqual([]);
    });

    it("a checkout or a payment raises the outcome of the student's holds of its session from an index", async () => {
      // The statement of migration 0434's triggers, as they run it for a booking's row.
      const p = dialect === "sqlite" ? ["?", "?", "?"] : ["$1", "$2", "$3"];
      const raise = `UPDATE hold_log SET outcome = 2 WHERE user_id = ${p[0]} AND target_id = ${p[1]}
        AND created_at <= ${p[2]} AND coalesce(outcome, 0) < 2`;
      const lines = await planOf(t.app.deps.db as unknown as Kysely<unknown>, dialect, raise);
      expect(dialect === "sqlite" ? sqliteFullScans(lines) : postgresFullScans(lines), lines.join("\n")).toEqual([]);
      expect(lines.join("\n")).toMatch(/hold_log_user_session_idx/);
    });

    it("the seat sweeper reads only the pending checkouts", async () => {
      expect(await fullScansOf(() => expireStalePendingBookings(t.app.deps.db, new Date().toISOString()))).toEqual([]);
    });
  });
}
