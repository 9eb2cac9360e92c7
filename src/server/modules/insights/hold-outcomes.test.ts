import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { migrations } from "../../db/migrate.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

const MINUTE = 60_000;
const base = Date.parse("2026-11-20T06:00:00.000Z");
const at = (minutes: number) => new Date(base + minutes * MINUTE).toISOString();

async function logHold(db: Db, userId: string, targetId: string, createdAt: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("hold_log")
    .values({ id, user_id: userId, kind: "mock", target_id: targetId, package_key: "service", created_at: createdAt })
    .execute();
  return id;
}

const outcomes = async (db: Db, ids: string[]) => {
  const rows = await db.selectFrom("hold_log").select(["id", "outcome"]).where("id", "in", ids).execute();
  return ids.map((id) => rows.find((row) => row.id === id)?.outcome ?? null);
};

async function student(db: Db, signIn: (address: string) => Promise<string>, name: string) {
  const address = email(name);
  await signIn(address);
  return findUserId(db, address);
}

describeEachDialect("a hold's outcome, kept on its log row (migration 0434)", (t) => {
  it("a checkout marks the student's earlier holds of the session, its payment marks them paid; nothing else moves", async () => {
    const { db } = t().app.deps;
    const [asha, ravi] = [await student(db, t().signIn, "asha"), await student(db, t().signIn, "ravi")];
    const [slot, other] = [await buildSlot(db), await buildSlot(db)];
    const first = await logHold(db, asha, slot.id, at(0));
    const again = await logHold(db, asha, slot.id, at(5));
    const elsewhere = await logHold(db, asha, other.id, at(6));
    const someoneElse = await logHold(db, ravi, slot.id, at(7));
    const booking = await buildBooking(db, {
      user_id: asha,
      target_id: slot.id,
      status: "pending_payment",
      confirmed_at: null,
      created_at: at(10),
    });
    const later = await logHold(db, asha, slot.id, at(20));
    const ids = [first, again, elsewhere, someoneElse, later];
    expect(await outcomes(db, ids)).toEqual([1, 1, null, null, null]);

    await db
      .updateTable("bookings")
      .set({ status: "confirmed", confirmed_at: at(12) })
      .where("id", "=", booking.id)
      .execute();
    expect(await outcomes(db, ids)).toEqual([2, 2, null, null, null]);
    // A cancellation keeps what happened: the hold was paid.
    await db
      .updateTable("bookings")
      .set({ status: "cancelled", cancelled_at: at(30) })
      .where("id", "=", booking.id)
      .execute();
    expect(await outcomes(db, ids)).toEqual([2, 2, null, null, null]);
  });

  it("a booking made already paid marks its holds paid at once", async () => {
    const { db } = t().app.deps;
    const user = await student(db, t().signIn, "paid-at-once");
    const slot = await buildSlot(db);
    const hold = await logHold(db, user, slot.id, at(0));
    await buildBooking(db, { user_id: user, target_id: slot.id, created_at: at(1), confirmed_at: at(1) });
    expect(await outcomes(db, [hold])).toEqual([2]);
  });

  it("the upgrade fills the outcome of the holds logged before it, as the funnel counted them", async () => {
    const { db } = t().app.deps;
    const migration = migrations["0434-hold-outcomes"];
    const later = migrations["0435-hold-log-by-day-with-outcome"];
    const trigger = migrations["0438-funnel-days-dropped-on-change"];
    if (!migration?.down || !later?.down || !trigger?.down)
      throw new Error("migrations 0434, 0435 and 0438 need a down");
    const loose = db as unknown as Kysely<unknown>;
    // 0435 indexes the column 0434 adds and 0438 triggers on it: down in reverse order, up in order.
    await trigger.down(loose);
    await later.down(loose);
    await migration.down(loose);
    try {
      const user = await student(db, t().signIn, "before-upgrade");
      const [paid, pending, none] = [await buildSlot(db), await buildSlot(db), await buildSlot(db)];
      const ids = [
        await logHold(db, user, paid.id, at(0)),
        await logHold(db, user, pending.id, at(0)),
        await logHold(db, user, none.id, at(0)),
        await logHold(db, user, paid.id, at(30)),
      ];
      await buildBooking(db, { user_id: user, target_id: paid.id, created_at: at(10), confirmed_at: at(11) });
      await buildBooking(db, {
        user_id: user,
        target_id: pending.id,
        status: "pending_payment",
        created_at: at(10),
        confirmed_at: null,
      });
      await migration.up(loose);
      await later.up(loose);
      await trigger.up(loose);
      expect(await outcomes(db, ids)).toEqual([2, 1, null, null]);
    } finally {
      // Whatever happened above, the database ends with the migration applied, as every other test expects.
      const tables = await loose.introspection.getTables();
      const has = (table: string, column: string) =>
        tables.find((t) => t.name === table)?.columns.some((c) => c.name === column);
      if (!has("hold_log", "outcome")) await migration.up(loose);
      await later.up(loose);
      if (!has("insight_days", "day_from")) await trigger.up(loose);
    }
  });
});
