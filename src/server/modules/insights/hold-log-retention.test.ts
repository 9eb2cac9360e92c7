import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { Db } from "../../db/database.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { turnsDuring } from "../../test/turns.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { HOLD_LOG_DAYS, pruneHoldLog } from "./hold-log-retention.js";

const DAY_MS = 86_400_000;

/** A hold placed at the instant, and (when `booked`) the student's checkout a minute later, paid. */
async function holdAt(db: Db, userId: string, targetId: string, at: string, booked: boolean) {
  await db
    .insertInto("hold_log")
    .values({
      id: randomUUID(),
      user_id: userId,
      kind: "mock",
      target_id: targetId,
      package_key: "service",
      created_at: at,
    })
    .execute();
  if (!booked) return;
  const checkout = new Date(Date.parse(at) + 60_000).toISOString();
  await buildBooking(db, { user_id: userId, target_id: targetId, created_at: checkout, confirmed_at: checkout });
}

describeEachDialect("hold log retention", (t) => {
  it("deletes holds older than the kept days once their funnel is kept; Insights shows the same funnel after", async () => {
    const { db } = t().app.deps;
    const now = Date.now();
    const today = zonedDate(new Date(now), "Asia/Kolkata");
    const oldDay = addDays(today, -(HOLD_LOG_DAYS + 20));
    const recentDay = addDays(today, -10);
    const noonOf = (day: string) => zonedToInstant(day, "12:00", "Asia/Kolkata").toISOString();
    const address = email("retention");
    await t().signIn(address);
    const student = await findUserId(db, address);
    const slot = await buildSlot(db, { start_at: new Date(now - 30 * DAY_MS).toISOString() });
    for (const [day, booked] of [
      [oldDay, true],
      [oldDay, false],
      [addDays(oldDay, 9), true],
      [recentDay, false],
    ] as const) {
      await holdAt(db, student, slot.id, noonOf(day), booked);
    }
    const admin = await t().signInAdmin();
    const funnelOf = async (from: string, to: string) =>
      json<InsightsDto>(await t().request({ url: `/api/admin/insights?from=${from}&to=${to}`, cookie: admin })).funnel;
    const oldBefore = await funnelOf(oldDay, addDays(oldDay, 9));
    const recentBefore = await funnelOf(recentDay, recentDay);
    // Not kept yet, as after an upgrade: the sweep keeps a day's funnel before it deletes its holds.
    await db.deleteFrom("insight_days").where("day", ">=", oldDay).where("day", "<=", addDays(oldDay, 9)).execute();

    expect(await pruneHoldLog(t().app.deps, now)).toBeGreaterThanOrEqual(3);
    const left = await db.selectFrom("hold_log").select("created_at").where("user_id", "=", student).execute();
    expect(left.map((h) => h.created_at)).toEqual([noonOf(recentDay)]);
    expect(await funnelOf(oldDay, addDays(oldDay, 9))).toEqual(oldBefore);
    expect(oldBefore.holds).toBeGreaterThanOrEqual(3);
    expect(oldBefore.paid).toBeGreaterThanOrEqual(2);
    expect(await funnelOf(recentDay, recentDay)).toEqual(recentBefore);
    // Nothing older is left: a second sweep (another instance's) deletes nothing.
    expect(await pruneHoldLog(t().app.deps, now)).toBe(0);
  });

  it("deletes a day of many holds in steps, letting other work run before each", async () => {
    const { db } = t().app.deps;
    const now = Date.now();
    const day = addDays(zonedDate(new Date(now), "Asia/Kolkata"), -(HOLD_LOG_DAYS + 40));
    const address = email("many-holds");
    await t().signIn(address);
    const student = await findUserId(db, address);
    const slot = await buildSlot(db, { start_at: new Date(now - 60 * DAY_MS).toISOString() });
    const at = zonedToInstant(day, "12:00", "Asia/Kolkata").toISOString();
    const holds = Array.from({ length: 1_200 }, () => ({
      id: randomUUID(),
      user_id: student,
      kind: "mock" as const,
      target_id: slot.id,
      package_key: "service",
      created_at: at,
    }));
    for (let i = 0; i < holds.length; i += 200)
      await db
        .insertInto("hold_log")
        .values(holds.slice(i, i + 200))
        .execute();
    const { result: deleted, turns } = await turnsDuring(() => pruneHoldLog(t().app.deps, now));
    expect(deleted).toBeGreaterThanOrEqual(holds.length);
    expect(await db.selectFrom("hold_log").select("id").where("user_id", "=", student).execute()).toEqual([]);
    // 1,200 rows go in three statements at least, each after a turn (SQLite's statements give none).
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
