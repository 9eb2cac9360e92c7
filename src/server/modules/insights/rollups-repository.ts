import { sql } from "kysely";
import type { Executor } from "../../db/database.js";
import type { InsightDayMoneyTable, InsightDaysTable, InsightMoneyDaysTable } from "../../db/schema.js";

/** Money paid (`paid` payments, `grossPaise`) and refunded. */
export interface Money {
  grossPaise: number;
  paid: number;
  refundsPaise: number;
}

/** A day's money, every package. */
export interface MoneyOfDay extends Money {
  day: string;
}

/** A package's money over the days read. */
export interface MoneyOfPackage extends Money {
  packageKey: string;
}

/** A package's money in a day: what is summed from the rows and kept. */
export interface DayMoney extends MoneyOfDay, MoneyOfPackage {}

/**
 * The days' money as Insights reads it: per day and per package. A kept day's comes summed both
 * ways; a day's from the rows per day and package, which is a row of each.
 */
export interface MoneyFigures {
  byDay: MoneyOfDay[];
  byPackage: MoneyOfPackage[];
}

export interface DayFunnel {
  day: string;
  holds: number;
  checkouts: number;
  paid: number;
}

export interface DayFigures {
  money: MoneyFigures;
  funnel: DayFunnel[];
}

const INSERT_ROWS = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await insert(rows.slice(i, i + INSERT_ROWS));
}

/** Keeps settled days' hold funnel; a day another request kept meanwhile is left as it is. */
export async function insertKeptFunnel(db: Executor, days: InsightDaysTable[]) {
  await insertInChunks(days, (chunk) =>
    db
      .insertInto("insight_days")
      .values(chunk)
      .onConflict((oc) => oc.columns(["time_zone", "day"]).doNothing())
      .execute(),
  );
}

/**
 * Keeps settled days' money: the days as kept (`insight_money_days`), then their rows per package,
 * in place of any left from before (a kept day deleted by hand to be summed again, docs/operations.md,
 * Upgrades). A day another request kept meanwhile is left as it is, its rows too.
 */
export async function insertKeptMoney(db: Executor, days: InsightMoneyDaysTable[], money: InsightDayMoneyTable[]) {
  const inserted = new Set<string>();
  await insertInChunks(days, async (chunk) => {
    const rows = await db
      .insertInto("insight_money_days")
      .values(chunk)
      .onConflict((oc) => oc.columns(["time_zone", "day"]).doNothing())
      .returning("day")
      .execute();
    for (const row of rows) inserted.add(row.day);
  });
  await insertInChunks([...inserted], (chunk) =>
    db
      .deleteFrom("insight_day_money")
      .where("time_zone", "=", days[0]?.time_zone ?? "")
      .where("day", "in", chunk)
      .execute(),
  );
  await insertInChunks(
    money.filter((m) => inserted.has(m.day)),
    (chunk) => db.insertInto("insight_day_money").values(chunk).execute(),
  );
}

/** The kept hold funnel of the days from `first` to `last` (keys, both included). */
export async function findKeptFunnel(db: Executor, timeZone: string, first: string, last: string) {
  const days = await db
    .selectFrom("insight_days")
    .select(["day", "holds", "checkouts", "paid_holds as paid"])
    .where("time_zone", "=", timeZone)
    .where("day", ">=", first)
    .where("day", "<=", last)
    .execute();
  return days.map(
    (d): DayFunnel => ({ day: d.day, holds: Number(d.holds), checkouts: Number(d.checkouts), paid: Number(d.paid) }),
  );
}

/**
 * The days from `first` to `last` whose money is kept, with their money summed per day and per
 * package: one statement, so a day kept meanwhile by another request comes with its rows or not at
 * all. The database sums a year's day and package rows; the server reads a row per day and package.
 */
export async function findKeptMoney(db: Executor, timeZone: string, first: string, last: string) {
  // The kept days of the period with their rows per package (a kept day may have sold nothing), summed by `by`.
  const summedBy = (part: "day" | "package", by: "d.day" | "m.package_key") =>
    db
      .selectFrom("insight_money_days as d")
      .leftJoin("insight_day_money as m", (join) =>
        join.onRef("m.time_zone", "=", "d.time_zone").onRef("m.day", "=", "d.day"),
      )
      .where("d.time_zone", "=", timeZone)
      .where("d.day", ">=", first)
      .where("d.day", "<=", last)
      .where(by, "is not", null)
      .select((eb) => [
        sql.lit(part).as("part"),
        eb.ref(by).as("key"),
        eb.fn.coalesce(eb.fn.sum<number>("m.gross_paise"), sql.lit(0)).as("grossPaise"),
        eb.fn.coalesce(eb.fn.sum<number>("m.paid"), sql.lit(0)).as("paid"),
        eb.fn.coalesce(eb.fn.sum<number>("m.refunds_paise"), sql.lit(0)).as("refundsPaise"),
      ])
      .groupBy(by)
      .$narrowType<{ key: string }>();
  const rows = await summedBy("day", "d.day").unionAll(summedBy("package", "m.package_key")).execute();
  const money: MoneyFigures = { byDay: [], byPackage: [] };
  for (const { part, key, ...sums } of rows) {
    const figures = {
      grossPaise: Number(sums.grossPaise),
      paid: Number(sums.paid),
      refundsPaise: Number(sums.refundsPaise),
    };
    if (part === "day") money.byDay.push({ day: key, ...figures });
    else money.byPackage.push({ packageKey: key, ...figures });
  }
  return { days: new Set(money.byDay.map((m) => m.day)), money };
}

/** When the oldest hold placed before the instant was placed, if any. */
export async function findOldestHoldBefore(db: Executor, beforeIso: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("hold_log")
    .select("created_at")
    .where("created_at", "<", beforeIso)
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** Deletes up to `limit` holds placed before the instant (by the index on `created_at`); returns how many. */
export async function deleteHoldsBefore(db: Executor, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("hold_log")
    .where(
      "id",
      "in",
      db.selectFrom("hold_log").select("id").where("created_at", "<", beforeIso).orderBy("created_at").limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
