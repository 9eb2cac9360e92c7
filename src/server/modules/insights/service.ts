import { CATALOG_KEYS, type CatalogKey } from "../../../shared/constants.js";
import { catalogKeySchema } from "../../../shared/schemas/catalog.js";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import type { PeriodQuery } from "../../../shared/schemas/invoices.js";
import { addDays, weekStartMonday, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { measureFeedbackMinutes } from "../feedback-time/service.js";
import {
  type Bucket,
  countPaidSeats,
  findInternshipsStartingIn,
  findMarkedAttendanceIn,
  sumCouponUseIn,
  sumScoresIn,
  sumTimedSeatsByWeek,
  type Window,
} from "./repository.js";
import type { DayFunnel, DayMoney } from "./rollups-repository.js";
import { readDayFigures } from "./settled-days.js";

const isCatalogKey = (key: string): key is CatalogKey => catalogKeySchema.safeParse(key).success;
/** The product's first keys in their catalog order, then topics and tracks the admin added, by key. */
const inCatalogOrder = (keys: Iterable<string>): CatalogKey[] => {
  const found = new Set([...keys].filter(isCatalogKey));
  const known = CATALOG_KEYS.filter((key) => found.has(key));
  const added = [...found].filter((key) => !(CATALOG_KEYS as readonly string[]).includes(key)).sort();
  return [...known, ...added];
};

/** Every calendar date of the period, so a day without sales still shows as zero. */
function datesOf(period: PeriodQuery): string[] {
  const dates: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** The period's days (or weeks from `weekStarts`), each as instants clipped to the window. */
function bucketsOf(starts: string[], days: number, w: Window, timeZone: string): Bucket[] {
  return starts.map((key) => {
    const from = zonedToInstant(key, "00:00", timeZone).toISOString();
    const to = zonedToInstant(addDays(key, days), "00:00", timeZone).toISOString();
    // ISO instants in UTC sort as text.
    const [, fromIso = from] = [from, w.fromIso].sort();
    const [toIso = to] = [to, w.toIso].sort();
    return { key, fromIso, toIso };
  });
}

function revenue(period: PeriodQuery, money: DayMoney[]): InsightsDto["revenue"] {
  const days = new Map(datesOf(period).map((date) => [date, { date, grossPaise: 0, refundsPaise: 0, netPaise: 0 }]));
  const packages = new Map<CatalogKey, InsightsDto["revenue"]["byPackage"][number]>();
  for (const row of money) {
    const pkg = isCatalogKey(row.packageKey)
      ? (packages.get(row.packageKey) ?? {
          packageKey: row.packageKey,
          grossPaise: 0,
          refundsPaise: 0,
          netPaise: 0,
          paid: 0,
        })
      : undefined;
    if (pkg) packages.set(pkg.packageKey, pkg);
    for (const target of [days.get(row.day), pkg]) {
      if (!target) continue;
      target.grossPaise += row.grossPaise;
      target.refundsPaise += row.refundsPaise;
      target.netPaise += row.grossPaise - row.refundsPaise;
    }
    if (pkg) pkg.paid += row.paid;
  }
  const byDay = [...days.values()];
  const sum = (key: "grossPaise" | "refundsPaise" | "netPaise") => byDay.reduce((s, d) => s + d[key], 0);
  const byPackage = inCatalogOrder(packages.keys()).flatMap((key) => packages.get(key) ?? []);
  return {
    grossPaise: sum("grossPaise"),
    refundsPaise: sum("refundsPaise"),
    netPaise: sum("netPaise"),
    byDay,
    byPackage,
  };
}

function funnelOf(days: DayFunnel[]): InsightsDto["funnel"] {
  const total = (key: "holds" | "checkouts" | "paid") => days.reduce((s, d) => s + d[key], 0);
  return { holds: total("holds"), checkouts: total("checkouts"), paid: total("paid") };
}

async function occupancy(deps: AppDeps, period: PeriodQuery, w: Window): Promise<InsightsDto["occupancy"]> {
  const weeks = new Map<string, InsightsDto["occupancy"][number]>();
  for (let monday = weekStartMonday(period.from); monday <= period.to; monday = addDays(monday, 7)) {
    weeks.set(monday, { weekStart: monday, capacity: 0, sold: 0 });
  }
  const timed = await sumTimedSeatsByWeek(deps.db, bucketsOf([...weeks.keys()], 7, w, deps.config.timeZone));
  for (const row of timed) {
    const week = weeks.get(row.week);
    if (!week) continue;
    week.capacity += row.capacity;
    week.sold += row.sold;
  }
  const internships = await findInternshipsStartingIn(deps.db, period);
  const sold = await countPaidSeats(
    deps.db,
    internships.map((s) => s.id),
  );
  for (const batch of internships) {
    const week = weeks.get(weekStartMonday(batch.startDate.slice(0, 10)));
    if (!week) continue;
    week.capacity += batch.capacity;
    week.sold += Math.min(sold.get(batch.id) ?? 0, batch.capacity);
  }
  return [...weeks.values()];
}

async function noShows(deps: AppDeps, w: Window): Promise<InsightsDto["noShows"]> {
  const rows = (await findMarkedAttendanceIn(deps.db, w)).map((r) => ({ ...r, n: Number(r.n) }));
  const count = (packageKey: string | undefined, status: string) =>
    rows
      .filter((r) => (packageKey === undefined || r.packageKey === packageKey) && r.status === status)
      .reduce((s, r) => s + r.n, 0);
  const byPackage = inCatalogOrder(rows.map((r) => r.packageKey)).flatMap((key) => {
    const [attended, missed] = [count(key, "completed"), count(key, "no_show")];
    return attended + missed === 0 ? [] : [{ packageKey: key, attended, noShows: missed }];
  });
  return { attended: count(undefined, "completed"), noShows: count(undefined, "no_show"), byPackage };
}

async function scorecards(deps: AppDeps, w: Window): Promise<InsightsDto["scorecards"]> {
  const rows = await sumScoresIn(deps.db, w);
  return inCatalogOrder(rows.map((r) => r.packageKey)).flatMap((key) => {
    const row = rows.find((r) => r.packageKey === key);
    const n = Number(row?.n ?? 0);
    if (!row || n === 0) return [];
    const average = Math.round((Number(row.total) / n) * 10) / 10;
    return [{ packageKey: key, average, scorecards: n }];
  });
}

async function coupons(deps: AppDeps, w: Window): Promise<InsightsDto["coupons"]> {
  const uses = (await sumCouponUseIn(deps.db, w)).map((row) => ({
    code: row.code,
    redemptions: Number(row.redemptions),
    discountPaise: Number(row.discountPaise),
    revenuePaise: Number(row.revenuePaise),
  }));
  return uses.sort((a, b) => b.redemptions - a.redemptions || a.code.localeCompare(b.code));
}

/**
 * The business in a period of platform-zone dates, both included (docs/admin.md, Insights). The
 * database sums every figure (money and the funnel of settled days once, then kept per day); the
 * server holds one row per day, week or package, whatever the period.
 */
export async function readInsights(deps: AppDeps, period: PeriodQuery): Promise<InsightsDto> {
  const { timeZone } = deps.config;
  const w: Window = {
    fromIso: zonedToInstant(period.from, "00:00", timeZone).toISOString(),
    toIso: zonedToInstant(addDays(period.to, 1), "00:00", timeZone).toISOString(),
  };
  const days = await readDayFigures(deps, bucketsOf(datesOf(period), 1, w, timeZone));
  return {
    from: period.from,
    to: period.to,
    revenue: revenue(period, days.money),
    occupancy: await occupancy(deps, period, w),
    funnel: funnelOf(days.funnel),
    noShows: await noShows(deps, w),
    scorecards: await scorecards(deps, w),
    coupons: await coupons(deps, w),
    feedbackMinutes: await measureFeedbackMinutes(deps.db),
  };
}
