import type { AppDeps } from "../../app-deps.js";
import { settledBy as settledByAt, sumOnce } from "../../db/settled-days.js";
import { type Bucket, countHoldFunnelByDay, sumMoneyByDay } from "./repository.js";
import { type DayFigures, type DayMoney, findKeptDays, insertKeptDays } from "./rollups-repository.js";

/** The days' money and hold funnel summed from the raw rows (bookings, the hold log). */
export async function sumDaysFromRows(deps: AppDeps, days: readonly Bucket[]): Promise<DayFigures> {
  if (days.length === 0) return { money: [], funnel: [] };
  const [paid, refunds, funnel] = await Promise.all([
    sumMoneyByDay(deps.db, days, "paid"),
    sumMoneyByDay(deps.db, days, "refunded"),
    countHoldFunnelByDay(deps.db, days),
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
  return { money: [...money.values()], funnel };
}

/** Sums the settled days not yet kept and keeps them; a day another request kept meanwhile is left as it is. */
async function rollUp(deps: AppDeps, days: readonly Bucket[]): Promise<void> {
  const timeZone = deps.config.timeZone;
  const figures = await sumDaysFromRows(deps, days);
  const funnel = new Map(figures.funnel.map((f) => [f.day, f]));
  const rolledAt = new Date().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await insertKeptDays(
      trx,
      days.map((d) => {
        const f = funnel.get(d.key);
        return {
          time_zone: timeZone,
          day: d.key,
          holds: f?.holds ?? 0,
          checkouts: f?.checkouts ?? 0,
          paid_holds: f?.paid ?? 0,
          rolled_at: rolledAt,
        };
      }),
      figures.money.map((m) => ({
        time_zone: timeZone,
        day: m.day,
        package_key: m.packageKey,
        gross_paise: m.grossPaise,
        paid: m.paid,
        refunds_paise: m.refundsPaise,
      })),
    );
  });
}

/**
 * The period's money and funnel per day: settled days from the rollups (summed from the rows the
 * first time they are asked for), the last days from the rows. The work follows the period's
 * length in days, not the bookings it holds.
 */
export async function readDayFigures(deps: AppDeps, days: readonly Bucket[], nowMs = Date.now()) {
  const settledBy = settledByAt(nowMs);
  const settled = days.filter((d) => d.toIso <= settledBy);
  const open = days.filter((d) => d.toIso > settledBy);
  // The open days' rows are read beside the kept days (PostgreSQL: on other connections of the pool).
  const [kept, fresh] = await Promise.all([readKeptDays(deps, settled), sumDaysFromRows(deps, open)]);
  return { money: [...kept.money, ...fresh.money], funnel: [...kept.funnel, ...fresh.funnel] };
}

/** The settled days' kept money and funnel, summing and keeping first the days not kept yet. */
async function readKeptDays(deps: AppDeps, settled: readonly Bucket[]): Promise<DayFigures> {
  const first = settled[0]?.key;
  const last = settled.at(-1)?.key;
  if (!first || !last) return { money: [], funnel: [] };
  const kept = await findKeptDays(deps.db, deps.config.timeZone, first, last);
  const present = new Set(kept.funnel.map((f) => f.day));
  const missing = settled.filter((d) => !present.has(d.key));
  if (missing.length === 0) return kept;
  const key = `insights ${deps.config.timeZone} ${first} ${last}`;
  await sumOnce(deps.db, key, () => rollUp(deps, missing));
  return findKeptDays(deps.db, deps.config.timeZone, first, last);
}
