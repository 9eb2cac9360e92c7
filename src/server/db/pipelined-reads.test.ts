import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTemporaryPostgresDatabase } from "../test/postgres.js";
import { postgresAvailable } from "../test/test-app.js";
import { type DatabaseHandle, openDatabase } from "./database.js";

// docs/decisions/0439-reads-pipelined-on-postgres.md
(postgresAvailable() ? describe : describe.skip)("statements pipelined on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let handle: DatabaseHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await createTemporaryPostgresDatabase();
    handle = openDatabase(database.url, { pipelines: 2, onIdleError: (err) => lost.push(err) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
  }, 30_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const backend = async (db = handle.db) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

  it("sends forty reads at once over two connections, each answered with its own rows", async () => {
    const poolBefore = handle.pool?.totalCount;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        sql<{ n: number; pid: number }>`select ${i}::int as n, pg_backend_pid() as pid`.execute(handle.db),
      ),
    );
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(answers.map((a) => a.rows[0]?.pid)).size).toBeLessThanOrEqual(2);
    // The pool opened nothing for them: its connections are for transactions and writes.
    expect(handle.pool?.totalCount).toBe(poolBefore);
  });

  it("writes the reads of one turn to each connection in one system call", async () => {
    await Promise.all([backend(), backend()]); // both pipes open
    const write = vi.spyOn(net.Socket.prototype, "_write");
    const writev = vi.spyOn(net.Socket.prototype, "_writev");
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(handle.db)),
      );
      expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
      // Twelve statements, each Parse, Bind, Describe, Execute and Sync: one write per pipe, not one per statement.
      expect(write.mock.calls.length + writev.mock.calls.length).toBeLessThanOrEqual(2);
      // A read sent in a later turn goes out at once: nothing waits for more statements to come.
      const later = await sql<{ n: number }>`select 99 as n`.execute(handle.db);
      expect(later.rows).toEqual([{ n: 99 }]);
    } finally {
      write.mockRestore();
      writev.mockRestore();
    }
  });

  it("never queues a read behind a write that waits for a row lock", async () => {
    await sql`insert into notes (id, body) values (10, 'first')`.execute(handle.db);
    let locked!: () => void;
    let finish!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`update notes set body = 'locked' where id = 10`.execute(trx);
      locked();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await lockTaken;
    const waiting = sql`update notes set body = 'after' where id = 10`.execute(handle.db);
    const reads = await Promise.all(
      [1, 2, 3, 4].map((n) => sql<{ n: number }>`select ${n}::int as n`.execute(handle.db)),
    );
    expect(reads.map((read) => read.rows[0]?.n)).toEqual([1, 2, 3, 4]);
    finish();
    await transaction;
    await waiting;
    expect((await sql`select body from notes where id = 10`.execute(handle.db)).rows).toEqual([{ body: "after" }]);
  });

  it("gives a transaction a connection of its own: what it writes is seen by nobody else until it commits", async () => {
    const pipes = new Set(await Promise.all([backend(), backend(), backend()]));
    let inside: number | undefined;
    let seenOutside: unknown[] = [];
    await handle.db.transaction().execute(async (trx) => {
      inside = await backend(trx);
      await sql`insert into notes (id, body) values (1, 'written')`.execute(trx);
      seenOutside = (await sql`select id from notes where id = 1`.execute(handle.db)).rows;
    });
    expect(pipes.has(inside ?? -1)).toBe(false);
    expect(seenOutside).toEqual([]);
    expect((await sql`select body from notes where id = 1`.execute(handle.db)).rows).toEqual([{ body: "written" }]);

    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id, body) values (2, 'rolled back')`.execute(trx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await sql`select id from notes where id = 2`.execute(handle.db)).rows).toEqual([]);
  });

  it("fails a failed statement alone: the ones sent with it are answered", async () => {
    const [before, failed, after] = await Promise.allSettled([
      sql<{ n: number }>`select 1 as n`.execute(handle.db),
      sql`insert into notes (id, body) values (1, 'again')`.execute(handle.db),
      sql<{ n: number }>`select 2 as n`.execute(handle.db),
    ]);
    expect(before).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 1 }] } });
    expect(failed).toMatchObject({ status: "rejected", reason: { code: "23505" } });
    expect(after).toMatchObject({ status: "fulfilled", value: { rows: [{ n: 2 }] } });
  });

  it("opens a new connection when PostgreSQL ends one, and answers again", async () => {
    const pids = [...new Set(await Promise.all([backend(), backend(), backend(), backend()]))];
    const admin = openDatabase(database?.url ?? "");
    const lostBefore = lost.length;
    try {
      // With a timeout, pg_terminate_backend returns once the backend has ended, not when it was signalled.
      await sql`select pg_terminate_backend(pid, 5000) from unnest(${pids}::int[]) as pid`.execute(admin.db);
    } finally {
      await admin.close();
    }
    // Each idle pipe hears its end from PostgreSQL and reports it (the message, then the closed socket).
    for (let waited = 0; waited < 5_000 && lost.length < lostBefore + pids.length; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lost.length).toBeGreaterThanOrEqual(lostBefore + pids.length);
    let answered: number | undefined;
    for (let attempt = 0; attempt < 20 && answered === undefined; attempt++) {
      answered = await backend().catch(() => undefined);
      if (answered === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answered).toBeDefined();
    expect(pids).not.toContain(answered);
  });
});
