import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect } from "../../test/test-app.js";

/**
 * What a hold and a release send to the database once the student's session is cached
 * (docs/decisions/0200-hold-and-release-one-round-trip.md, docs/decisions/0230-hold-spends-its-budget-in-its-statement.md):
 * on PostgreSQL every statement is a
 * network round trip, so a statement added to these paths must show up here.
 */
const sent: string[] = [];
describeEachDialect(
  "holds: statements per hold and per release",
  (t) => {
    let cookie: string;

    beforeAll(async () => {
      cookie = await t().signIn(`counted-${randomUUID()}@example.com`);
    }, 60_000);

    /** The statements one request sends, the student's session already verified and cached. */
    async function statementsOf(request: () => Promise<{ statusCode: number }>, status: number) {
      sent.length = 0;
      expect((await request()).statusCode).toBe(status);
      return sent.map((sql) => sql.replace(/\s+/g, " ").trim().toLowerCase());
    }

    const hold = (targetId: string) =>
      t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId } });
    const release = (id: string) => t().request({ method: "DELETE", url: `/api/holds/${id}`, cookie });

    it("a hold, its budget's hit included, is one statement on PostgreSQL; a release is one statement", async () => {
      const { db, dialect } = t().app.deps;
      const [first, second] = [await buildSlot(db, { capacity: 2 }), await buildSlot(db, { capacity: 2 })];
      // Warms the session cache: the first request of a session verifies it in the database.
      await release((await hold(first.id)).json().id);

      let holdId = "";
      const held = await statementsOf(async () => {
        const response = await hold(second.id);
        holdId = response.json().id;
        return response;
      }, 201);
      if (dialect === "postgres") {
        expect(held).toHaveLength(1);
        expect(held[0]).toMatch(/^with "hit" as \(insert into "rate_limit_hits"/);
        expect(held[0]).toContain('"target" as materialized');
        expect(held[0]).toContain('insert into "holds"');
        expect(held[0]).toContain('insert into "hold_log"');
      } else {
        // In process: one write transaction holding the hit, the facts, the upsert and the log row.
        expect(held).toHaveLength(6);
        expect(held[0]).toBe("begin");
        expect(held[1]).toMatch(/^insert into "rate_limit_hits"/);
        expect(held[3]).toMatch(/^insert into "holds"/);
        expect(held[4]).toMatch(/^insert into "hold_log"/);
        expect(held[5]).toBe("commit");
      }

      const released = await statementsOf(() => release(holdId), 204);
      expect(released).toHaveLength(1);
      expect(released[0]).toMatch(/^delete from "holds"/);
    });

    it("replacing a hold on a session nobody waits for adds no statement", async () => {
      const { db, dialect } = t().app.deps;
      const [first, second] = [await buildSlot(db, { capacity: 2 }), await buildSlot(db, { capacity: 2 })];
      expect((await hold(first.id)).statusCode).toBe(201);
      const earlier = await statementsOf(() => hold(first.id), 201);
      const replaced = await statementsOf(() => hold(second.id), 201);
      expect(replaced).toHaveLength(dialect === "postgres" ? 1 : 6);
      // Every value is a parameter: two holds, at other times on other slots, send the same text
      // (one prepared statement on SQLite, one plan to reuse on PostgreSQL).
      expect(replaced).toEqual(earlier);
    });
  },
  {},
  { onQuery: (sql) => sent.push(sql) },
);
