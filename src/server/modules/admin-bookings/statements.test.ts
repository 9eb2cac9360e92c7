import { beforeAll, expect, it } from "vitest";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect } from "../../test/test-app.js";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * A page of the console's bookings sends the same statements however many bookings, students and
 * sessions it holds: each list of ids is one parameter, so every statement compiles once and
 * PostgreSQL prepares it (src/server/db/compiled-statements.ts, inJsonList).
 */
const sent: string[] = [];
describeEachDialect(
  "the console's bookings: one text per statement, whatever the page holds",
  (t) => {
    let admin: string;

    beforeAll(async () => {
      admin = await t().signInAdmin();
      expect((await t().request({ url: "/api/admin/bookings", cookie: admin })).statusCode).toBe(200);
    }, 60_000);

    async function page() {
      sent.length = 0;
      const response = await t().request({ url: "/api/admin/bookings?kind=mock", cookie: admin });
      expect(response.statusCode).toBe(200);
      const bookings = (response.json() as { bookings: { title: string }[] }).bookings;
      return { titles: bookings.map((b) => b.title), statements: sent.map((sql) => sql.replace(/\s+/g, " ").trim()) };
    }

    async function bookSession(email: string, hours: number, interviewer: string) {
      await t().signIn(email);
      const user_id = await findUserId(t().app.deps.db, email);
      const slot = await buildSlot(t().app.deps.db, {
        start_at: at(hours),
        end_at: at(hours + 1),
        interviewer_name: interviewer,
      });
      await buildBooking(t().app.deps.db, { user_id, target_id: slot.id, status: "confirmed" });
    }

    it("sends the same texts for a page of one booking and of three, with one parameter per list", async () => {
      const { dialect } = t().app.deps;
      await bookSession(`one-${dialect}@example.com`, 24, "Asha");
      const one = await page();
      await bookSession(`two-${dialect}@example.com`, 48, "Ravi");
      await bookSession(`three-${dialect}@example.com`, 72, "Meera");
      const three = await page();

      expect(one.titles).toHaveLength(1);
      expect(three.titles.map((title) => title.replace(/^.* with /, ""))).toEqual(["Asha", "Ravi", "Meera"]);
      // Sorted: on PostgreSQL the lookups go out together on the pool's connections, in any order.
      expect([...three.statements].sort()).toEqual([...one.statements].sort());
      const parameters = (sql: string) =>
        (dialect === "postgres" ? sql.match(/\$\d+/g) : sql.match(/\?/g))?.length ?? 0;
      // A page of mocks asks for students, slots, payments and scorecards, never workshops, batches or certificates.
      const lookups = three.statements.filter((sql) => sql.includes("json"));
      const tables = lookups.map((sql) => sql.match(/ from "(\w+)"/)?.[1]).sort();
      expect(tables).toEqual(["payments", "scorecards", "slots", "user"]);
      expect(lookups.map(parameters)).toEqual([1, 1, 1, 1]);
    });
  },
  {},
  { onQuery: (sql) => sent.push(sql) },
);
