import { CATALOG_KEYS, type CatalogKey } from "../../../shared/constants.js";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import type { PeriodQuery } from "../../../shared/schemas/invoices.js";
import { addDays, weekStartMonday, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import {
  countHoldFunnelIn,
  countPaidSeats,
  findCouponUseIn,
  findMarkedAttendanceIn,
  findPaymentsConfirmedIn,
  findRefundsIn,
  findScoresIn,
  findSessionsStartingIn,
  type Window,
} from "./repository.js";

type Money = { packageKey: string; amountPaise: number; at: string };

const isCatalogKey = (key: string): key is CatalogKey => (CATALOG_KEYS as readonly string[]).includes(key);

/** Every calendar date of the period, so a day without sales still shows as zero. */
function datesOf(period: PeriodQuery): string[] {
  const dates: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

function revenue(period: PeriodQuery, timeZone: string, paid: Money[], refunds: Money[]): InsightsDto["revenue"] {
  const days = new Map(datesOf(period).map((date) => [date, { date, grossPaise: 0, refundsPaise: 0, netPaise: 0 }]));
  const packages = new Map<CatalogKey, InsightsDto["revenue"]["byPackage"][number]>();
  const packageRow = (key: CatalogKey) => {
    const row = packages.get(key) ?? { packageKey: key, grossPaise: 0, refundsPaise: 0, netPaise: 0, paid: 0 };
    packages.set(key, row);
    return row;
  };
  for (const [rows, sign] of [
    [paid, 1],
    [refunds, -1],
  ] as const) {
    for (const row of rows) {
      const day = days.get(zonedDate(new Date(row.at), timeZone));
      const pkg = isCatalogKey(row.packageKey) ? packageRow(row.packageKey) : undefined;
      for (const target of [day, pkg]) {
        if (!target) continue;
        if (sign > 0) target.grossPaise += row.amountPaise;
        else target.refundsPaise += row.amountPaise;
        target.netPaise += sign * row.amountPaise;
      }
      if (pkg && sign > 0) pkg.paid += 1;
    }
  }
  const byDay = [...days.values()];
  const sum = (key: "grossPaise" | "refundsPaise" | "netPaise") => byDay.reduce((s, d) => s + d[key], 0);
  const byPackage = CATALOG_KEYS.flatMap((key) => packages.get(key) ?? []);
  return {
    grossPaise: sum("grossPaise"),
    refundsPaise: sum("refundsPaise"),
    netPaise: sum("netPaise"),
    byDay,
    byPackage,
  };
}

async function occupancy(deps: AppDeps, period: PeriodQuery, w: Window): Promise<InsightsDto["occupancy"]> {
  const { timed, internships } = await findSessionsStartingIn(deps.db, w, period);
  const sessions = [
    ...timed.map((s) => ({
      id: s.id,
      date: zonedDate(new Date(s.startAt), deps.config.timeZone),
      capacity: s.capacity,
    })),
    ...internships.map((s) => ({ id: s.id, date: s.startDate.slice(0, 10), capacity: s.capacity })),
  ];
  const sold = await countPaidSeats(
    deps.db,
    sessions.map((s) => s.id),
  );
  const weeks = new Map<string, InsightsDto["occupancy"][number]>();
  for (let monday = weekStartMonday(period.from); monday <= period.to; monday = addDays(monday, 7)) {
    weeks.set(monday, { weekStart: monday, capacity: 0, sold: 0 });
  }
  for (const session of sessions) {
    const week = weeks.get(weekStartMonday(session.date));
    if (!week) continue;
    week.capacity += session.capacity;
    week.sold += sold.get(session.id) ?? 0;
  }
  return [...weeks.values()];
}

async function noShows(deps: AppDeps, w: Window): Promise<InsightsDto["noShows"]> {
  const rows = await findMarkedAttendanceIn(deps.db, w);
  const byPackage = CATALOG_KEYS.flatMap((key) => {
    const mine = rows.filter((r) => r.packageKey === key);
    const missed = mine.filter((r) => r.status === "no_show").length;
    return mine.length === 0 ? [] : [{ packageKey: key, attended: mine.length - missed, noShows: missed }];
  });
  const missed = rows.filter((r) => r.status === "no_show").length;
  return { attended: rows.length - missed, noShows: missed, byPackage };
}

async function scorecards(deps: AppDeps, w: Window): Promise<InsightsDto["scorecards"]> {
  const rows = await findScoresIn(deps.db, w);
  return CATALOG_KEYS.flatMap((key) => {
    const scores = rows.filter((r) => r.packageKey === key).map((r) => Number(r.overall));
    if (scores.length === 0) return [];
    const average = Math.round((scores.reduce((s, n) => s + n, 0) / scores.length) * 10) / 10;
    return [{ packageKey: key, average, scorecards: scores.length }];
  });
}

async function coupons(deps: AppDeps, w: Window): Promise<InsightsDto["coupons"]> {
  const uses = new Map<string, InsightsDto["coupons"][number]>();
  for (const row of await findCouponUseIn(deps.db, w)) {
    const use = uses.get(row.code) ?? { code: row.code, redemptions: 0, discountPaise: 0, revenuePaise: 0 };
    use.redemptions += 1;
    use.discountPaise += row.discountPaise;
    use.revenuePaise += row.amountPaise;
    uses.set(row.code, use);
  }
  return [...uses.values()].sort((a, b) => b.redemptions - a.redemptions || a.code.localeCompare(b.code));
}

/** The business in a period of platform-zone dates, both included (docs/admin.md, Insights). */
export async function readInsights(deps: AppDeps, period: PeriodQuery): Promise<InsightsDto> {
  const { timeZone } = deps.config;
  const w: Window = {
    fromIso: zonedToInstant(period.from, "00:00", timeZone).toISOString(),
    toIso: zonedToInstant(addDays(period.to, 1), "00:00", timeZone).toISOString(),
  };
  const [paid, refunds, funnel] = await Promise.all([
    findPaymentsConfirmedIn(deps.db, w),
    findRefundsIn(deps.db, w),
    countHoldFunnelIn(deps.db, w),
  ]);
  return {
    from: period.from,
    to: period.to,
    revenue: revenue(period, timeZone, paid, refunds),
    occupancy: await occupancy(deps, period, w),
    funnel,
    noShows: await noShows(deps, w),
    scorecards: await scorecards(deps, w),
    coupons: await coupons(deps, w),
  };
}
