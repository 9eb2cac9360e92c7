import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorkshop } from "../../test/builders.js";
import { createTestApp, DIALECTS, postgresAvailable, type TestApp } from "../../test/test-app.js";
import { insertAdmin } from "./repository.js";

/** The statement that asks whether an e-mail belongs to an admin (not the admin list a change reads). */
const ADMIN_LOOK_UP = /^select "email" from "admins" where "email" = /i;
const unique = () => randomUUID().slice(0, 8);

/**
 * The admin guard looks the admin up once per request and hands them to the handler: a statement
 * asking whether the caller is an admin is counted for each kind of admin route (a list, a change, a change that
 * needs a recent sign-in, the scorecard family).
 */
for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`admin guard: one admin look-up per request [${dialect}]`, () => {
    const sent: string[] = [];
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      t = await createTestApp(dialect, {}, { onQuery: (sql) => sent.push(sql) });
      admin = await t.signInAdmin(`guarded-${unique()}@example.com`);
      // Verifies and caches the session, so what follows counts only the request's own statements.
      expect((await t.request({ url: "/api/admin/admins", cookie: admin })).statusCode).toBe(200);
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    async function adminLookUps(options: Parameters<TestApp["request"]>[0], status: number) {
      sent.length = 0;
      const response = await t.request({ ...options, cookie: admin });
      expect([response.statusCode, response.body.slice(0, 200)]).toEqual([status, response.body.slice(0, 200)]);
      return sent.filter((sql) => ADMIN_LOOK_UP.test(sql.replace(/\s+/g, " "))).length;
    }

    it("reading a list looks the admin up once", async () => {
      expect(await adminLookUps({ url: "/api/admin/workshops" }, 200)).toBe(1);
    });

    it("a change that records who made it looks the admin up once", async () => {
      const workshop = await buildWorkshop(t.app.deps.db);
      expect(await adminLookUps({ method: "DELETE", url: `/api/admin/workshops/${workshop.id}` }, 204)).toBe(1);
    });

    it("a change that needs a recent sign-in looks the admin up once", async () => {
      const leaving = `leaving-${unique()}@example.com`;
      await insertAdmin(t.app.deps.db, leaving, "test");
      expect(await adminLookUps({ method: "DELETE", url: `/api/admin/admins/${leaving}` }, 204)).toBe(1);
    });

    it("the scorecard routes look the admin up once", async () => {
      expect(await adminLookUps({ url: `/api/admin/bookings/${randomUUID()}/scorecard` }, 404)).toBe(1);
    });

    it("a signed-in student is refused before the route does any work of its own", async () => {
      const student = await t.signIn(`student-${unique()}@example.com`);
      await t.request({ url: "/api/me", cookie: student });
      sent.length = 0;
      const response = await t.request({ url: "/api/admin/workshops", cookie: student });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
      expect(sent.filter((sql) => /from "workshops"/i.test(sql))).toEqual([]);
    });
  });
}
