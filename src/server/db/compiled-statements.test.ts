import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTemporaryPostgresDatabase } from "../test/postgres.js";
import { postgresAvailable } from "../test/test-app.js";
import { createStatementCache } from "./compiled-statements.js";
import { openDatabase } from "./database.js";
import type { Database } from "./schema.js";

/** A Kysely that compiles PostgreSQL and never connects. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const holdsOf = (v: { userId: string; nowIso: string }) =>
  db
    .selectFrom("holds")
    .select("id")
    .where("user_id", "=", v.userId)
    .where("kind", "=", "mock")
    .where("expires_at", ">", v.nowIso);

describe("statements compiled once per shape", () => {
  it("a later call sends the first call's SQL with its own values where they belong", () => {
    const compiled = createStatementCache();
    let builds = 0;
    const build = (v: { userId: string; nowIso: string }) => {
      builds++;
      return holdsOf(v);
    };
    compiled("holds", { userId: "u1", nowIso: "2026-11-23T10:00:00.000Z" }, build);
    const second = compiled("holds", { userId: "u2", nowIso: "2026-11-24T10:00:00.000Z" }, build);
    const fresh = holdsOf({ userId: "u2", nowIso: "2026-11-24T10:00:00.000Z" }).compile();
    expect(second.sql).toBe(fresh.sql);
    expect(second.parameters).toEqual(["u2", "mock", "2026-11-24T10:00:00.000Z"]);
    expect(builds).toBe(1);
  });

  it("never reuses a shape whose values are spliced into text: it compiles every call", () => {
    const compiled = createStatementCache();
    const like = (v: { name: string }) =>
      db.selectFrom("slots").select("id").where("interviewer_name", "like", `%${v.name}%`);
    compiled("like", { name: "Asha" }, like);
    const second = compiled("like", { name: "Ravi" }, like);
    expect(second.parameters).toEqual(["%Ravi%"]);
  });
});

const onPostgres = postgresAvailable() ? describe : describe.skip;
onPostgres("compiled statements on PostgreSQL", () => {
  it("are prepared once per connection and reused; other texts stay unnamed", async () => {
    const temp = await createTemporaryPostgresDatabase();
    const handle = openDatabase(temp.url, { poolSize: 1 });
    try {
      const compiled = createStatementCache();
      const count = (v: { from: string }) =>
        handle.db
          .selectFrom(sql<{ n: number }>`(select generate_series(1, 3) as n)`.as("t"))
          .select((eb) => eb.fn.countAll<number>().as("c"))
          .where("t.n", ">=", sql<number>`${v.from}::int`);
      const first = await handle.db.executeQuery(compiled("postgres-count", { from: "1" }, count));
      const second = await handle.db.executeQuery(compiled("postgres-count", { from: "2" }, count));
      expect([first.rows[0]?.c, second.rows[0]?.c]).toEqual([3, 2]);
      await sql`select ${"not prepared"}::text`.execute(handle.db);
      // The pool's one connection: the compiled text is one prepared statement there, run twice.
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        handle.db,
      );
      expect(prepared.rows.map((row) => row.statement)).toEqual([compiled("postgres-count", { from: "3" }, count).sql]);
    } finally {
      await handle.close();
      await temp.drop();
    }
  }, 30_000);
});
