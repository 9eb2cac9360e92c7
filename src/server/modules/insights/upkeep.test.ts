import type { FastifyInstance } from "fastify";
import { expect, it, vi } from "vitest";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { Db } from "../../db/database.js";
import { keptOnChangeBy } from "../../db/settled-days.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { dayBuckets } from "./day-buckets.js";
import { DAYS_KEPT_AHEAD } from "./days-kept-ahead.js";
import { sumMoneyFromRows } from "./settled-days.js";
import { startInsightsUpkeep, upkeepInsights } from "./upkeep.js";

const ZONE = "Asia/Kolkata";
/** Every table of kept figures: emptied, the database is as an upgrade leaves it before the first upkeep. */
const KEPT_TABLES = [
  "insight_day_marks",
  "insight_day_coupons",
  "insight_kept_days",
  "insight_day_money",
  "insight_money_days",
  "insight_days",
  "feedback_wait_days",
  "feedback_wait_hours",
  "invoice_csv_days",
] as const;

async function forgetKept(db: Db): Promise<void> {
  for (const table of KEPT_TABLES) await db.deleteFrom(table).execute();
}

async function keptCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of KEPT_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

type KeptDayTable = "insight_kept_days" | "insight_money_days" | "insight_days" | "invoice_csv_days";
const keptDayKeys = async (db: Db, table: KeptDayTable) =>
  (await db.selectFrom(table).select("day").where("time_zone", "=", ZONE).execute()).map((r) => r.day).sort();

describeEachDialect("insights upkeep", (t) => {
  it("keeps the last year's settled days before anyone asks; a year's Insights and CSV then sum nothing, and agree with the rows", async () => {
    const { deps } = t().app;
    const { db } = deps;
    const address = email("upkeep");
    await t().signIn(address);
    const student = await findUserId(db, address);
    const now = Date.now();
    const today = zonedDate(new Date(now), ZONE);
    const noonOf = (day: string) => zonedToInstant(day, "12:00", ZONE).toISOString();
    for (const daysAgo of [300, 200, 20]) {
      const day = addDays(today, -daysAgo);
      const slot = await buildSlot(db, { start_at: noonOf(day), end_at: noonOf(day), capacity: 2 });
      await buildBooking(db, {
        user_id: student,
        target_id: slot.id,
        status: "completed",
        created_at: noonOf(addDays(day, -1)),
        confirmed_at: noonOf(addDays(day, -1)),
      });
    }
    await forgetKept(db);

    const result = await upkeepInsights(deps, now);
    const yesterday = addDays(today, -1);
    const settled = dayBuckets(addDays(today, -DAYS_KEPT_AHEAD), yesterday, ZONE)
      .filter((d) => d.toIso <= keptOnChangeBy(now))
      .map((d) => d.key);
    expect(result.daysLookedAt).toBe(settled.length);
    expect(settled.length).toBeGreaterThanOrEqual(DAYS_KEPT_AHEAD - 1);
    for (const table of ["insight_kept_days", "insight_money_days", "insight_days", "invoice_csv_days"] as const) {
      expect(await keptDayKeys(db, table)).toEqual(settled);
    }
    const kept = await keptCounts(db);
    expect(kept.feedback_wait_days).toBeGreaterThan(80);

    // The longest period Insights answers: its settled days are all read from what the upkeep kept. The
    // reading keeps only the session figures of the started days the upkeep leaves to it: today's, and
    // yesterday's in the hour after midnight (docs/decisions/0451-session-days-kept-from-their-start.md).
    const from = addDays(today, -366);
    const admin = await t().signInAdmin();
    const body = json<InsightsDto>(
      await t().request({ url: `/api/admin/insights?from=${from}&to=${today}`, cookie: admin }),
    );
    const started = [...new Set([...settled, yesterday, today])];
    expect(await keptDayKeys(db, "insight_kept_days")).toEqual(started);
    kept.insight_kept_days = started.length;
    expect(await keptCounts(db)).toEqual(kept);
    const rows = await sumMoneyFromRows(deps, dayBuckets(from, today, ZONE));
    expect(body.revenue.grossPaise).toBe(rows.reduce((s, m) => s + m.grossPaise, 0));
    expect(body.revenue.grossPaise).toBeGreaterThanOrEqual(3 * 120_000);
    expect(body.noShows.attended).toBeGreaterThanOrEqual(3);
    const csv = await t().request({ url: `/api/admin/invoices.csv?from=${from}&to=${yesterday}`, cookie: admin });
    expect(csv.statusCode).toBe(200);
    expect(await keptCounts(db)).toEqual(kept);

    // Another instance's run, or the next hour's: everything is kept, nothing is added or deleted.
    expect(await upkeepInsights(deps, now)).toEqual({ daysLookedAt: settled.length, holdsDeleted: 0 });
    expect(await keptCounts(db)).toEqual(kept);
  });

  it("keeps nothing once the server is stopping", async () => {
    const { deps } = t().app;
    await forgetKept(deps.db);
    expect(await upkeepInsights(deps, Date.now(), () => true)).toEqual({ daysLookedAt: 0, holdsDeleted: 0 });
    expect(Object.values(await keptCounts(deps.db)).every((n) => n === 0)).toBe(true);
  });

  /**
   * Starts the upkeep on the test app's database and lets a minute of fake time pass (only the
   * timers are fake: the database is real); returns how many days were kept a second before the
   * minute, and the app's stop.
   */
  async function startedAMinuteAgo(): Promise<{ keptBefore: number; stop: () => Promise<void> }> {
    const { deps, log } = t().app;
    const stoppers: typeof deps.stoppers = [];
    const fakeApp = { deps: { ...deps, stoppers }, log } as unknown as FastifyInstance;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      startInsightsUpkeep(fakeApp);
      vi.advanceTimersByTime(59_000);
      const keptBefore = (await keptCounts(deps.db)).insight_kept_days ?? -1;
      vi.advanceTimersByTime(1_000);
      return {
        keptBefore,
        stop: async () => {
          for (const stop of stoppers) await stop();
        },
      };
    } finally {
      vi.useRealTimers();
    }
  }

  it("runs a minute after the start, not before", async () => {
    const { db } = t().app.deps;
    await forgetKept(db);
    const upkeep = await startedAMinuteAgo();
    try {
      expect(upkeep.keptBefore).toBe(0);
      await vi.waitFor(async () => expect((await keptCounts(db)).feedback_wait_days).toBeGreaterThan(80), {
        timeout: 30_000,
        interval: 100,
      });
      expect((await keptCounts(db)).insight_kept_days).toBeGreaterThanOrEqual(DAYS_KEPT_AHEAD - 1);
    } finally {
      await upkeep.stop();
    }
  });

  it("a stopping server ends the run at its next week and waits for it", async () => {
    const { db } = t().app.deps;
    await forgetKept(db);
    const upkeep = await startedAMinuteAgo();
    expect(upkeep.keptBefore).toBe(0);
    await upkeep.stop();
    const kept = await keptCounts(db);
    // The week under way when the stop came was finished; nothing after it was started.
    expect(kept.insight_kept_days).toBe(7);
    expect(kept.feedback_wait_days).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await keptCounts(db)).toEqual(kept);
  });
});
