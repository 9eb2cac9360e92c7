import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTemporaryPostgresDatabase } from "../test/postgres.js";
import { postgresAvailable } from "../test/test-app.js";
import { createStatementCache, readCompiled } from "./compiled-statements.js";
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

describe("reads compiled once per shape and dialect", () => {
  it("answers each call with its own values, and a shape first compiled for PostgreSQL still runs on SQLite", async () => {
    const sqlite = openDatabase(":memory:");
    try {
      await sql`create table read_compiled (id text primary key, owner text, label text)`.execute(sqlite.db);
      await sql`insert into read_compiled values ('1', 'asha', 'one'), ('2', 'ravi', 'two'), ('3', 'asha', 'three')`.execute(
        sqlite.db,
      );
      const labelsOf = (target: typeof db) => (v: { owner: string }) =>
        target
          .selectFrom("read_compiled" as never)
          .select(sql<string>`label`.as("label"))
          .where(sql.ref("owner"), "=", v.owner)
          .orderBy(sql.ref("id"));
      // The same shape compiled first by a PostgreSQL Kysely ($1), then asked of SQLite (?).
      await readCompiled(db, "labels of an owner", { owner: "asha" }, labelsOf(db)).catch(() => undefined);
      const asha = await readCompiled(sqlite.db, "labels of an owner", { owner: "asha" }, labelsOf(sqlite.db));
      const ravi = await readCompiled(sqlite.db, "labels of an owner", { owner: "ravi" }, labelsOf(sqlite.db));
      expect(asha.map((row) => row.label)).toEqual(["one", "three"]);
      expect(ravi.map((row) => row.label)).toEqual(["two"]);
    } finally {
      await sqlite.close();
    }
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

  it("a text sent five times is prepared on its connection; a text with a star never is", async () => {
    const temp = await createTemporaryPostgresDatabase();
    const handle = openDatabase(temp.url, { poolSize: 1 });
    try {
      await sql`create table prepared_by_use (id int primary key, label text)`.execute(handle.db);
      await sql`insert into prepared_by_use values (1, 'one'), (2, 'two')`.execute(handle.db);
      const named = (n: number) =>
        handle.db
          .selectFrom("prepared_by_use" as never)
          .select(sql<string>`label`.as("label"))
          .where(sql.ref("id"), "=", n);
      const starred = (n: number) => sql`select * from prepared_by_use where id = ${n}`.execute(handle.db);
      const prepared = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map(
          (row) => row.statement,
        );
      for (let i = 0; i < 4; i++) await named(1 + (i % 2)).execute();
      expect(await prepared()).toEqual([]);
      const fifth = await named(2).execute();
      expect(fifth).toEqual([{ label: "two" }]);
      expect(await prepared()).toEqual([named(1).compile().sql]);
      for (let i = 0; i < 6; i++) await starred(1);
      expect(await prepared()).toEqual([named(1).compile().sql]);
    } finally {
      await handle.close();
      await temp.drop();
    }
  }, 30_000);

  it("a prepared statement a migration changed runs again unnamed, but not inside a transaction", async () => {
    const temp = await createTemporaryPostgresDatabase();
    const handle = openDatabase(temp.url, { poolSize: 1 });
    try {
      await sql`create table changed_by_migration (id int primary key, amount int)`.execute(handle.db);
      await sql`insert into changed_by_migration values (1, 100)`.execute(handle.db);
      const read = (db: typeof handle.db, column: string) =>
        db
          .selectFrom("changed_by_migration" as never)
          .select(sql<unknown>`${sql.ref(column)}`.as("amount"))
          .where(sql.ref("id"), "=", 1)
          .execute();
      for (let i = 0; i < 5; i++) await read(handle.db, "amount");
      await sql`alter table changed_by_migration alter column amount type text`.execute(handle.db);
      // Outside a transaction the refused text is answered unnamed, as every time after.
      expect(await read(handle.db, "amount")).toEqual([{ amount: "100" }]);
      expect(await read(handle.db, "amount")).toEqual([{ amount: "100" }]);
      // Inside one the refusal ends it: a statement before it may have written.
      for (let i = 0; i < 5; i++) await read(handle.db, "changed_by_migration.amount");
      await sql`alter table changed_by_migration alter column amount type bigint using amount::bigint`.execute(
        handle.db,
      );
      await expect(handle.db.transaction().execute((trx) => read(trx, "changed_by_migration.amount"))).rejects.toThrow(
        /cached plan must not change result type/,
      );
      expect(await read(handle.db, "changed_by_migration.amount")).toEqual([{ amount: 100 }]);
    } finally {
      await handle.close();
      await temp.drop();
    }
  }, 30_000);
});
