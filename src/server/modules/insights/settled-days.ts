import type { AppDeps } from "../../app-deps.js";
import { keptOnChangeBy, lockKeptDays, moneySettledBy, sumOnce } from "../../db/settled-days.js";
import { type Bucket, countHoldFunnelByDay, sumMoneyByDay } from "./repository.js";
import {
  type DayFigures,
  type DayFunnel,
  type DayMoney,
  findKeptFunnel,
  findKeptMoney,
  insertKeptFunnel,
  insertKeptMoney,
  type MoneyFigures,
} from "./rollups-repository.js";

/** The days' money per package summed from the bookings: paid by `confirmed_at`, refunded by `cancelled_at`. */
export async function sumMoneyFromRows(deps: AppDeps, days: readonly Bucket[]): Promise<DayMoney[]> {
  if (days.length === 0) return [];
  const [paid, refunds] = await Promise.all([
    sumMoneyByDay(deps.db, days, "paid"),
    sumMoneyByDay(deps.db, days, "refunded"),
  ]);
  const money = new Map<string, DayMoney>();
  const row = (day: string, packageKey: string) => {
    const key = `${day} ${packageKey}`;
    const found = money.get(key) ?? { day, packageKey, grossPaise: 0, paid: 0, refundsPaise: 0 };
    money.set(key, found);
    return found;
  };
  for (const r of paid) {
    const found = row(r.day, r.packageKey);
    found.grossPaise += r.paise;
    found.paid += r.n;
  }
  for (const r of refunds) row(r.day, r.packageKey).refundsPaise += r.paise;
  return [...money.values()];
}

/** The days' hold funnel counted from the hold log. */
export function sumFunnelFromRows(deps: AppDeps, days: readonly Bucket[]): Promise<DayFunnel[]> {
  return days.length === 0 ? Promise.resolve([]) : countHoldFunnelByDay(deps.db, days);
}

/** Sums the settled days' money not yet kept and keeps it; a day another request kept meanwhile is left as it is. */
async function keepMoney(deps: AppDeps, days: readonly Bucket[]): Promise<void> {
  const timeZone = deps.config.timeZone;
  const money = await sumMoneyFromRows(deps, days);
  const rolledAt = new Date().toISOString();
  await deps.db.transaction().execute((trx) =>
    insertKeptMoney(
      trx,
      days.map((d) => ({ time_zone: timeZone, day: d.key, rolled_at: rolledAt })),
      money.map((m) => ({
        time_zone: timeZone,
        day: m.day,
        package_key: m.packageKey,
        gross_paise: m.grossPaise,
        paid: m.paid,
        refunds_paise: m.refundsPaise,
      })),
    ),
  );
}

/**
 * Days summed and kept per transaction: a first read of a year does not hold the database (SQLite's
 * one connection, or PostgreSQL's checkouts and payments, whose triggers wait for the lock) for long.
 */
const DAYS_PER_TRANSACTION = 31;

/**
 * Sums the settled days' hold funnel not yet kept and keeps it, in one transaction that a hold's
 * later outcome waits for (PostgreSQL: the lock the dropping trigger shares; SQLite: its one writer),
 * so an outcome raised while summing is never lost under a kept day.
 */
async function keepFunnel(deps: AppDeps, days: readonly Bucket[]): Promise<void> {
  const timeZone = deps.config.timeZone;
  await deps.db.transaction().execute(async (trx) => {
    await lockKeptDays(trx, deps.dialect);
    const present = new Set(
      (await findKeptFunnel(trx, timeZone, days[0]?.key ?? "", days.at(-1)?.key ?? "")).map((f) => f.day),
    );
    const missing = days.filter((d) => !present.has(d.key));
    if (missing.length === 0) return;
    const funnel = new Map((await countHoldFunnelByDay(trx, missing)).map((f) => [f.day, f]));
    const rolledAt = new Date().toISOString();
    await insertKeptFunnel(
      trx,
      missing.map((d) => {
        const f = funnel.get(d.key);
        return {
          time_zone: timeZone,
          day: d.key,
          day_from: d.fromIso,
          day_to: d.toIso,
          holds: f?.holds ?? 0,
          checkouts: f?.checkouts ?? 0,
          paid_holds: f?.paid ?? 0,
          rolled_at: rolledAt,
        };
      }),
    );
  });
}

/**
 * The period's money and funnel per day: settled days from the rollups (summed from the rows the
 * first time they are asked for), the last days from the rows. Both are kept an hour after their day
 * ends; a hold's later outcome drops its day's funnel, summed again on the next read
 * (docs/decisions/0441-money-and-funnel-kept-an-hour-after.md). The work
 * follows the period's length in days, not the bookings it holds.
 */
export async function readDayFigures(deps: AppDeps, days: readonly Bucket[], nowMs = Date.now()): Promise<DayFigures> {
  const split = (by: string) => [days.filter((d) => d.toIso <= by), days.filter((d) => d.toIso > by)] as const;
  const [settledMoney, openMoney] = split(moneySettledBy(nowMs));
  const [settledFunnel, openFunnel] = split(keptOnChangeBy(nowMs));
  // Each part reads its kept days beside its last days' rows (PostgreSQL: on other connections or pipes).
  const [keptMoney, freshMoney, keptFunnel, freshFunnel] = await Promise.all([
    readKeptMoney(deps, settledMoney),
    sumMoneyFromRows(deps, openMoney),
    readKeptFunnel(deps, settledFunnel),
    sumFunnelFromRows(deps, openFunnel),
  ]);
  return {
    money: { byDay: [...keptMoney.byDay, ...freshMoney], byPackage: [...keptMoney.byPackage, ...freshMoney] },
    funnel: [...keptFunnel, ...freshFunnel],
  };
}

/** The settled days' kept money, summing and keeping first the days not kept yet. */
async function readKeptMoney(deps: AppDeps, settled: readonly Bucket[]): Promise<MoneyFigures> {
  const [first, last] = [settled[0]?.key, settled.at(-1)?.key];
  if (!first || !last) return { byDay: [], byPackage: [] };
  const { timeZone } = deps.config;
  const kept = await findKeptMoney(deps.db, timeZone, first, last);
  const missing = settled.filter((d) => !kept.days.has(d.key));
  if (missing.length === 0) return kept.money;
  await sumOnce(deps.db, `insights money ${timeZone} ${first} ${last}`, () => keepMoney(deps, missing));
  return (await findKeptMoney(deps.db, timeZone, first, last)).money;
}

/**
 * The settled days' kept funnel, summing and keeping first the days not kept yet. A day a later
 * outcome dropped again between keeping and reading is counted from the hold log for this answer.
 */
async function readKeptFunnel(deps: AppDeps, settled: readonly Bucket[]): Promise<DayFunnel[]> {
  const [first, last] = [settled[0]?.key, settled.at(-1)?.key];
  if (!first || !last) return [];
  const { timeZone } = deps.config;
  const absent = (kept: DayFunnel[]) => {
    const present = new Set(kept.map((f) => f.day));
    return settled.filter((d) => !present.has(d.key));
  };
  let kept = await findKeptFunnel(deps.db, timeZone, first, last);
  const missing = absent(kept);
  if (missing.length === 0) return kept;
  await sumOnce(deps.db, `insights funnel ${timeZone} ${first} ${last}`, async () => {
    for (let i = 0; i < missing.length; i += DAYS_PER_TRANSACTION) {
      await keepFunnel(deps, missing.slice(i, i + DAYS_PER_TRANSACTION));
    }
  });
  kept = await findKeptFunnel(deps.db, timeZone, first, last);
  return [...kept, ...(await sumFunnelFromRows(deps, absent(kept)))];
}
