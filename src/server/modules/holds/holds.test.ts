import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { type Db, type Dialect, forUpdate } from "../../db/database.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

async function waitForLockWaiter(db: Db, dialect: Dialect): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (dialect === "sqlite") return;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return;
  }
}

describeEachDialect("holds: the last seat while another hold is being written", (t) => {
  it("a student asking for the last seat while someone else's hold commits is told it is held", async () => {
    const { db, dialect } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const firstEmail = email("first");
    await t().signIn(firstEmail);
    const firstId = await findUserId(db, firstEmail);
    const second = await t().signIn(email("second"));
    let commit = () => {};
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    // Someone else's request has locked the slot and written its hold, and has not committed yet.
    const writing = db.transaction().execute(async (trx) => {
      await forUpdate(dialect, trx.selectFrom("slots").select("id").where("id", "=", slot.id)).execute();
      const now = new Date();
      await trx
        .insertInto("holds")
        .values({
          id: randomUUID(),
          user_id: firstId,
          kind: "mock",
          target_id: slot.id,
          package_key: "service",
          expires_at: new Date(now.getTime() + 600_000).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
      await committed;
    });
    const asking = t().request({
      method: "POST",
      url: "/api/holds",
      cookie: second,
      payload: { kind: "mock", targetId: slot.id },
    });
    // Once the request waits on the slot's lock (on SQLite: on the write transaction), commit the other hold.
    await waitForLockWaiter(db, dialect);
    commit();
    await writing;
    const res = await asking;
    expect(res.statusCode).toBe(409);
    expect(json<ApiError>(res).error).toEqual({
      code: "SLOT_HELD",
      message: "This slot is currently held by another user.",
    });
  });
});
