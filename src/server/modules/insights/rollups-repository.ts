import type { Executor } from "../../db/database.js";
import type { InsightDayMoneyTable, InsightDaysTable } from "../../db/schema.js";

export interface DayMoney {
  day: string;
  packageKey: string;
  grossPaise: number;
  paid: number;
  refundsPaise: number;
}

export interface DayFunnel {
  day: string;
  holds: number;
  checkouts: number;
  paid: number;
}

export interface DayFigures {
  money: DayMoney[];
  funnel: DayFunnel[];
}

const INSERT_ROWS = 500;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await insert(rows.slice(i, i + INSERT_ROWS));
}

/** Keeps settled days' funnel and money; a day another request kept meanwhile is left as it is. */
export async function insertKeptDays(db: Executor, days: InsightDaysTable[], money: InsightDayMoneyTable[]) {
  await insertInChunks(days, (chunk) =>
    db
      .insertInto("insight_days")
      .values(chunk)
      .onConflict((oc) => oc.columns(["time_zone", "day"]).doNothing())
      .execute(),
  );
  await insertInChunks(money, (chunk) =>
    db
      .insertInto("insight_day_money")
      .values(chunk)
      .onConflict((oc) => oc.columns(["time_zone", "day", "package_key"]).doNothing())
      .execute(),
  );
}

/** The kept figures of the days from `first` to `last` (keys, both included). */
export async function findKeptDays(db: Executor, timeZone: string, first: string, last: string): Promise<DayFigures> {
  const [days, money] = await Promise.all([
    db
      .selectFrom("insight_days")
      .select(["day", "holds", "checkouts", "paid_holds as paid"])
      .where("time_zone", "=", timeZone)
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
    db
      .selectFrom("insight_day_money")
      .select([
        "day",
        "package_key as packageKey",
        "gross_paise as grossPaise",
        "paid",
        "refunds_paise as refundsPaise",
      ])
      .where("time_zone", "=", timeZone)
      .where("day", ">=", first)
      .where("day", "<=", last)
      .execute(),
  ]);
  const numbers = <T extends object>(row: T) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === "day" || k === "packageKey" ? v : Number(v)]));
  return { money: money.map((m) => numbers(m) as DayMoney), funnel: days.map((d) => numbers(d) as DayFunnel) };
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
