import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../test/test-app.js";

/**
 * What a student's own pages send, once the session is cached: statements PostgreSQL prepares once
 * sent often (docs/decisions/0434-repeated-statements-prepared-on-postgres.md). A `*` in a result
 * keeps a statement unnamed, parsed and planned at every request; a constant of the code sent as a
 * parameter makes PostgreSQL plan the sessions' join again for every student (0.5 ms a dashboard at
 * L, docs/benchmarks.md, Scale).
 */
const sent: string[] = [];
describeEachDialect(
  "the student's pages: statements PostgreSQL can prepare",
  (t) => {
    let cookie: string;

    beforeAll(async () => {
      cookie = await t().signIn(`prepared-${randomUUID().slice(0, 8)}@example.com`);
      // Verifies and caches the session, so what follows counts only the requests' own statements.
      expect((await t().request({ url: "/api/dashboard", cookie })).statusCode).toBe(200);
    }, 60_000);

    async function statementsOf(url: string) {
      sent.length = 0;
      const response = await t().request({ url, cookie });
      expect([url, response.statusCode]).toEqual([url, 200]);
      return sent.map((sql) => sql.replace(/\s+/g, " ").trim());
    }

    const parameters = (sql: string) =>
      (t().app.deps.dialect === "postgres" ? sql.match(/\$\d+/g) : sql.match(/\?/g))?.length ?? 0;

    for (const url of ["/api/dashboard", "/api/me/export"]) {
      it(`${url}: no statement reads a table with *`, async () => {
        const statements = await statementsOf(url);
        expect(statements.length).toBeGreaterThan(3);
        expect(statements.filter((sql) => sql.replace(/count\(\*\)/gi, "").includes("*"))).toEqual([]);
      });
    }

    it("the dashboard's sessions are read with the student's id as their only parameter", async () => {
      const sessions = (await statementsOf("/api/dashboard")).filter((sql) => sql.includes('"has_receipt"'));
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toContain('"bookings"."kind" = \'mock\'');
      expect(parameters(sessions[0] ?? "")).toBe(1);
    });
  },
  {},
  { onQuery: (sql) => sent.push(sql) },
);
