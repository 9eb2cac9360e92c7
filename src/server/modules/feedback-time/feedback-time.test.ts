import { describe, expect, it } from "vitest";
import { FEEDBACK_MIN_SESSIONS, FEEDBACK_WINDOW_DAYS } from "../../../shared/constants.js";
import type { CatalogResponse } from "../../../shared/schemas/catalog.js";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import type { Db } from "../../db/database.js";
import { KEPT_ON_CHANGE_AFTER_MS } from "../../db/settled-days.js";
import { buildBooking, buildScorecard, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { turnsDuring } from "../../test/turns.js";
import { STARTER_QUESTIONS } from "../practice/starter-bank.js";
import { findFeedbackTimesBetween } from "./repository.js";
import {
  feedbackFigure,
  keptFor,
  measureFeedbackMinutes,
  nearestRankOfCounts,
  readFeedbackMinutes,
} from "./service.js";

/** The nearest-rank percentile by its definition, over every value sorted: what the counts must agree with. */
const nearestRank = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const at = (base: string, minutes: number) => new Date(Date.parse(base) + minutes * MINUTE).toISOString();

/** A completed session of `userId` that ended at `endedAt`, its scorecard first saved `minutes` later (by hand: any day). */
async function scoredByHand(db: Db, userId: string, endedAt: string, minutes: number) {
  const slot = await buildSlot(db, { start_at: at(endedAt, -45), end_at: endedAt });
  const booking = await buildBooking(db, { user_id: userId, target_id: slot.id, status: "completed" });
  await buildScorecard(db, booking.id, { created_at: at(endedAt, minutes) });
  return slot;
}

describe("the feedback-time figure", () => {
  const ended = "2026-11-20T14:15:00.000Z";
  const waits = (minutes: number[]) => minutes.map((m) => ({ endedAt: ended, scoredAt: at(ended, m) }));

  it("is null below the minimum number of scorecards", () => {
    expect(feedbackFigure(waits(Array.from({ length: FEEDBACK_MIN_SESSIONS - 1 }, () => 3)))).toBeNull();
  });

  it("gives the nearest-rank median and 90th percentile in whole minutes rounded up", () => {
    // 12 waits, in no order; rounded up and sorted: 0 0 1 2 3 5 6 6 8 9 30 45 (a scorecard before the end waited 0).
    const figure = feedbackFigure(waits([45, 4.2, 0.5, -5, 30, 2, 8, 3, 0, 9, 5.9, 6]));
    expect(figure).toEqual({ median: 5, p90: 30, sessions: 12 });
  });

  it("reads the same percentiles from how many waited each minute as from every wait sorted", () => {
    // Deterministic waits of many sizes and shapes: a few distinct minutes, many repeats, one outlier.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const size of [1, 2, 3, 10, 11, 99, 1_000, 37_569]) {
      const all = Array.from({ length: size }, () => Math.floor(next() ** 3 * 600));
      const counts = new Map<number, number>();
      for (const minutes of all) counts.set(minutes, (counts.get(minutes) ?? 0) + 1);
      const sorted = [...all].sort((a, b) => a - b);
      for (const share of [0.5, 0.9, 0.99]) {
        expect([size, share, nearestRankOfCounts(counts, share)]).toEqual([size, share, nearestRank(sorted, share)]);
      }
    }
  });
});

describeEachDialect("the feedback-time figure from real scorecards", (t) => {
  const scoreInput = {
    scores: { resume: 4, technical: 3, hr: 5 },
    overall: 4,
    tags: [],
    notes: "",
    recordingUrl: "",
  };

  /** A mock session that ended `waitMs` ago, scored now through the admin's route. */
  async function scoreSessionEnded(app: TestApp, admin: string, userId: string, waitMs: number) {
    const slot = await buildSlot(app.app.deps.db, { start_at: ago(waitMs + 45 * MINUTE), end_at: ago(waitMs) });
    const booking = await buildBooking(app.app.deps.db, { user_id: userId, target_id: slot.id });
    const saved = await app.request({
      method: "PUT",
      url: `/api/admin/bookings/${booking.id}/scorecard`,
      cookie: admin,
      payload: scoreInput,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return booking.id;
  }

  const catalog = async () => json<CatalogResponse>(await t().request({ url: "/api/catalog" }));

  it("the catalog names the bank's size and no feedback time until there are enough scorecards", async () => {
    const body = await catalog();
    expect(body.practiceQuestions).toBe(STARTER_QUESTIONS.length);
    expect(body.feedbackMinutes).toBeNull();
  });

  it("counts scorecards of the last 90 days by their first save, in the catalog and in Insights alike", async () => {
    const admin = await t().signInAdmin();
    await t().signIn("waiting@example.com");
    const userId = await findUserId(t().app.deps.db, "waiting@example.com");
    const bookingIds: string[] = [];
    // Waits of 0.5, 1.5 … 9.5 minutes: rounded up, 1 to 10.
    for (let i = 0; i < FEEDBACK_MIN_SESSIONS; i++) {
      bookingIds.push(await scoreSessionEnded(t(), admin, userId, (i + 0.5) * MINUTE));
    }
    const old = await buildSlot(t().app.deps.db, { start_at: ago(101 * 86_400_000), end_at: ago(100 * 86_400_000) });
    const oldBooking = await buildBooking(t().app.deps.db, { user_id: userId, target_id: old.id });
    await buildScorecard(t().app.deps.db, oldBooking.id, {
      overall: 3,
      created_at: ago((FEEDBACK_WINDOW_DAYS + 1) * 86_400_000),
    });

    const figure = { median: 5, p90: 9, sessions: FEEDBACK_MIN_SESSIONS };
    expect((await catalog()).feedbackMinutes).toEqual(figure);

    // Editing a scorecard later does not make its feedback late.
    const [first] = bookingIds;
    await t().request({
      method: "PUT",
      url: `/api/admin/bookings/${first}/scorecard`,
      cookie: admin,
      payload: { ...scoreInput, overall: 5 },
    });
    const insights = json<InsightsDto>(
      await t().request({ url: "/api/admin/insights?from=2026-01-01&to=2026-01-31", cookie: admin }),
    );
    expect(insights.feedbackMinutes).toEqual(figure);
  });

  it("keeps a window's days a week at a time, letting other work run between the weeks", async () => {
    const { db } = t().app.deps;
    await t().signIn("weekly-waits@example.com");
    const userId = await findUserId(db, "weekly-waits@example.com");
    const ended = `${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}T10:00:00.000Z`;
    await scoredByHand(db, userId, ended, 5);
    // As after an upgrade: nothing kept, so the reading keeps the window's 89 whole days.
    await db.deleteFrom("feedback_wait_days").execute();
    await db.deleteFrom("feedback_wait_hours").execute();
    const { turns } = await turnsDuring(() => measureFeedbackMinutes(t().app.deps));
    const keptDays = await db.selectFrom("feedback_wait_days").select("day").execute();
    expect(keptDays.length).toBeGreaterThanOrEqual(FEEDBACK_WINDOW_DAYS - 1);
    // 89 days in steps of 7: twelve turns between the steps at least (SQLite's statements give none).
    expect(turns).toBeGreaterThanOrEqual(12);
  });

  it("keeps settled days' waits, and a scorecard added or a session's end moved later shows in the next figure", async () => {
    const { db } = t().app.deps;
    await t().signIn("kept-waits@example.com");
    const userId = await findUserId(db, "kept-waits@example.com");
    // 10:00 UTC 20 days ago: the scorecards saved after it, and the ends moved later, stay in that UTC day.
    const ended = `${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)}T10:00:00.000Z`;
    /** A session that ended 20 days ago, scored `minutes` after its end (a settled day's scorecard). */
    const scored = (minutes: number) => scoredByHand(db, userId, ended, minutes);
    const before = (await catalog()).feedbackMinutes;
    const slots = [];
    for (let i = 0; i < FEEDBACK_MIN_SESSIONS; i++) slots.push(await scored(60));
    const first = (await catalog()).feedbackMinutes;
    expect(first?.sessions).toBe((before?.sessions ?? 0) + FEEDBACK_MIN_SESSIONS);
    const day = ended.slice(0, 10);
    const kept = await db.selectFrom("feedback_wait_days").select("waits").where("day", "=", day).execute();
    expect(kept.map((k) => JSON.parse(k.waits))).toEqual([{ 60: FEEDBACK_MIN_SESSIONS }]);

    await scored(60);
    expect((await catalog()).feedbackMinutes?.sessions).toBe((first?.sessions ?? 0) + 1);

    // Every session of that day ends two hours later than it did: each waited 120 minutes less (none).
    for (const slot of slots) {
      await db
        .updateTable("slots")
        .set({ end_at: at(ended, 120) })
        .where("id", "=", slot.id)
        .execute();
    }
    const waits = await db.selectFrom("feedback_wait_days").select("waits").where("day", "=", day).execute();
    expect(waits).toEqual([]);
    const moved = await catalog();
    const again = await db.selectFrom("feedback_wait_days").select("waits").where("day", "=", day).execute();
    expect(again.map((k) => JSON.parse(k.waits))).toEqual([{ 0: FEEDBACK_MIN_SESSIONS, 60: 1 }]);
    expect(moved.feedbackMinutes?.sessions).toBe((first?.sessions ?? 0) + 1);
  });

  it("keeps yesterday's waits once it ended an hour ago, reads today's from the scorecards, and drops a day a change reaches", async () => {
    const { db, dialect } = t().app.deps;
    await t().signIn("yesterday-waits@example.com");
    const userId = await findUserId(db, "yesterday-waits@example.com");
    const today = new Date().toISOString().slice(0, 10);
    const midnight = Date.parse(`${today}T00:00:00.000Z`);
    const yesterday = new Date(midnight - 86_400_000).toISOString().slice(0, 10);
    const scored = (endedAt: string, minutes: number) => scoredByHand(db, userId, endedAt, minutes);
    const keptOn = async (day: string) =>
      (await db.selectFrom("feedback_wait_days").select("waits").where("day", "=", day).execute()).map(
        (k) => JSON.parse(k.waits) as Record<string, number>,
      );
    for (let i = 0; i < FEEDBACK_MIN_SESSIONS; i++) await scored(`${yesterday}T10:00:00.000Z`, 30);
    await scored(`${today}T00:05:00.000Z`, 7);
    const figureAt = (ms: number) => measureFeedbackMinutes({ db, dialect }, new Date(ms));

    // Fifty minutes after midnight, yesterday is not settled yet: nothing kept, every wait counted.
    const early = await figureAt(midnight + 50 * MINUTE);
    expect(await keptOn(yesterday)).toEqual([]);
    // Past the hour, yesterday is kept; today never is, and its wait still counts.
    const later = await figureAt(midnight + KEPT_ON_CHANGE_AFTER_MS + 30 * MINUTE);
    expect(KEPT_ON_CHANGE_AFTER_MS).toBe(60 * MINUTE);
    expect(await keptOn(yesterday)).toEqual([{ 30: FEEDBACK_MIN_SESSIONS }]);
    expect(await keptOn(today)).toEqual([]);
    expect(later).toEqual(early);

    // Another scorecard saved into yesterday (a data fix) drops the kept day; the next figure counts it.
    await scored(`${yesterday}T12:00:00.000Z`, 30);
    expect(await keptOn(yesterday)).toEqual([]);
    const fixed = await figureAt(midnight + KEPT_ON_CHANGE_AFTER_MS + 30 * MINUTE);
    expect(fixed?.sessions).toBe((later?.sessions ?? 0) + 1);
    expect(await keptOn(yesterday)).toEqual([{ 30: FEEDBACK_MIN_SESSIONS + 1 }]);
  });

  it("keeps the settled hours at the window's two ends, reads the rest from the scorecards, and drops an hour a change reaches", async () => {
    const { db, dialect } = t().app.deps;
    await t().signIn("hour-waits@example.com");
    const userId = await findUserId(db, "hour-waits@example.com");
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const now = new Date(`${day}T15:20:00.000Z`);
    const since = new Date(now.getTime() - FEEDBACK_WINDOW_DAYS * 86_400_000).toISOString();
    const first = since.slice(0, 10);
    const scored = (endedAt: string, minutes: number) => scoredByHand(db, userId, endedAt, minutes);
    const keptIn = async (hour: string) =>
      (await db.selectFrom("feedback_wait_hours").select("waits").where("hour", "=", hour).execute()).map(
        (k) => JSON.parse(k.waits) as Record<string, number>,
      );
    /** Every wait of the window counted from the scorecards, as if nothing were kept. */
    const fromRows = async () => feedbackFigure(await findFeedbackTimesBetween(db, since));

    const slots = [];
    for (let i = 0; i < FEEDBACK_MIN_SESSIONS; i++) slots.push(await scored(`${day}T09:00:00.000Z`, 20));
    await scored(`${day}T14:10:00.000Z`, 5); // saved at 14:15, less than an hour before the reading's hour
    await scored(`${first}T18:00:00.000Z`, 3); // the window's first day, after its start: a kept hour
    await scored(`${first}T15:00:00.000Z`, 40); // 15:40, within the window's first part hour (it starts 15:20)
    await scored(`${first}T15:00:00.000Z`, 10); // 15:10, before the window

    const figure = await measureFeedbackMinutes({ db, dialect }, now);
    expect(figure).toEqual(await fromRows());
    expect(figure?.sessions).toBeGreaterThanOrEqual(FEEDBACK_MIN_SESSIONS + 2);
    expect(await keptIn(`${day}T09`)).toEqual([{ 20: FEEDBACK_MIN_SESSIONS }]);
    expect(await keptIn(`${first}T18`)).toEqual([{ 3: 1 }]);
    expect(await keptIn(`${day}T14`)).toEqual([]);
    expect(await keptIn(`${first}T15`)).toEqual([]);

    // One of the 09:00 sessions ended ten minutes later after all: its hour is dropped, then kept again.
    await db
      .updateTable("slots")
      .set({ end_at: `${day}T09:10:00.000Z` })
      .where("id", "=", slots[0]?.id ?? "")
      .execute();
    expect(await keptIn(`${day}T09`)).toEqual([]);
    expect(await measureFeedbackMinutes({ db, dialect }, now)).toEqual(await fromRows());
    expect(await keptIn(`${day}T09`)).toEqual([{ 10: 1, 20: FEEDBACK_MIN_SESSIONS - 1 }]);
  });
});

describeEachDialect(
  "the public catalog's feedback-time figure, kept up to a minute",
  (t) => {
    const catalog = async () => json<CatalogResponse>(await t().request({ url: "/api/catalog" })).feedbackMinutes;

    it("answers the figure it read within the minute while Insights shows a new scorecard at once", async () => {
      const admin = await t().signInAdmin();
      await t().signIn("kept-figure@example.com");
      const userId = await findUserId(t().app.deps.db, "kept-figure@example.com");
      const before = await catalog();
      // Sessions that ended two hours ago, scored 30 minutes later: inside the window, read from the rows.
      for (let i = 0; i < FEEDBACK_MIN_SESSIONS; i++)
        await scoredByHand(t().app.deps.db, userId, ago(120 * MINUTE), 30);

      expect(await catalog()).toEqual(before);
      const insights = json<InsightsDto>(
        await t().request({ url: "/api/admin/insights?from=2026-01-01&to=2026-01-31", cookie: admin }),
      );
      expect(insights.feedbackMinutes?.sessions).toBe((before?.sessions ?? 0) + FEEDBACK_MIN_SESSIONS);
    });

    it("reads the figure again once the age has passed", async () => {
      const { db, dialect } = t().app.deps;
      await t().signIn("kept-age@example.com");
      const userId = await findUserId(db, "kept-age@example.com");
      let clock = 0;
      const figure = keptFor(
        () => readFeedbackMinutes({ db, dialect }),
        60_000,
        () => clock,
      );
      const first = await figure();
      await scoredByHand(db, userId, ago(120 * MINUTE), 30);
      clock = 59_999;
      expect(await figure()).toEqual(first);
      clock = 60_000;
      expect((await figure())?.sessions).toBe((first?.sessions ?? 0) + 1);
    });
  },
  { CATALOG_FIGURES_MAX_AGE_SECONDS: "60" },
);

describe("a reading kept for a while", () => {
  it("is not kept when it failed: the next call reads again", async () => {
    let calls = 0;
    const read = keptFor(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error("the database is restarting");
        return calls;
      },
      60_000,
      () => 0,
    );
    await expect(read()).rejects.toThrow("the database is restarting");
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    expect(calls).toBe(2);
  });
});
