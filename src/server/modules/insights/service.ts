import { setImmediate as nextTurn } from "node:timers/promises";
import { CATALOG_KEYS, type CatalogKey } from "../../../shared/constants.js";
import { catalogKeySchema } from "../../../shared/schemas/catalog.js";
import type { InsightsDto } from "../../../shared/schemas/insights.js";
import type { PeriodQuery } from "../../../shared/schemas/invoices.js";
import { addDays, weekStartMonday } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { sumOnce } from "../../db/settled-days.js";
import { readFeedbackMinutes } from "../feedback-time/service.js";
import { dayBuckets } from "./day-buckets.js";
import type { DayFunnel, Money, MoneyFigures } from "./rollups-repository.js";
import { readSessionDays } from "./session-days.js";
import type { CodeUse, DaySeats, PackageMarks } from "./session-days-repository.js";
import { readDayFigures } from "./settled-days.js";

const isCatalogKey = (key: string): key is CatalogKey => catalogKeySchema.safeParse(key).success;
/**
 * isCatalogKey with each distinct key checked once: a year's money rows name a few keys thousands of
 * times, and a check allocates (docs/benchmarks.md, Scale, fifteenth entry).
 */
function catalogKeyCheck(): (key: string) => key is CatalogKey {
  const checked = new Map<string, boolean>();
  return (key): key is CatalogKey => {
    let valid = checked.get(key);
    if (valid === undefined) {
      valid = isCatalogKey(key);
      checked.set(key, valid);
    }
    return valid;
  };
}
/** The product's first keys in their catalog order, then topics and tracks the admin added, by key. */
const inCatalogOrder = (keys: Iterable<string>): CatalogKey[] => {
  const found = new Set([...new Set(keys)].filter(isCatalogKey));
  const known = CATALOG_KEYS.filter((key) => found.has(key));
  const added = [...found].filter((key) => !(CATALOG_KEYS as readonly string[]).includes(key)).sort();
  return [...known, ...added];
};

function revenue(dates: readonly string[], money: MoneyFigures): InsightsDto["revenue"] {
  const days = new Map(dates.map((date) => [date, { date, grossPaise: 0, refundsPaise: 0, netPaise: 0 }]));
  const packages = new Map<CatalogKey, InsightsDto["revenue"]["byPackage"][number]>();
  const known = catalogKeyCheck();
  const add = (target: { grossPaise: number; refundsPaise: number; netPaise: number }, row: Money) => {
    target.grossPaise += row.grossPaise;
    target.refundsPaise += row.refundsPaise;
    target.netPaise += row.grossPaise - row.refundsPaise;
  };
  for (const row of money.byDay) {
    const day = days.get(row.day);
    if (day) add(day, row);
  }
  for (const row of money.byPackage) {
    if (!known(row.packageKey)) continue;
    let pkg = packages.get(row.packageKey);
    if (!pkg) {
      pkg = { packageKey: row.packageKey, grossPaise: 0, refundsPaise: 0, netPaise: 0, paid: 0 };
      packages.set(row.packageKey, pkg);
    }
    add(pkg, row);
    pkg.paid += row.paid;
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

/** Seats by the week (Monday to Sunday) their sessions start in, clipped to the period. */
function occupancy(period: PeriodQuery, seats: DaySeats[]): InsightsDto["occupancy"] {
  const weeks = new Map<string, InsightsDto["occupancy"][number]>();
  for (let monday = weekStartMonday(period.from); monday <= period.to; monday = addDays(monday, 7)) {
    weeks.set(monday, { weekStart: monday, capacity: 0, sold: 0 });
  }
  for (const day of seats) {
    const week = weeks.get(weekStartMonday(day.day));
    if (!week) continue;
    week.capacity += day.capacity;
    week.sold += day.sold;
  }
  return [...weeks.values()];
}

function noShows(marks: PackageMarks[]): InsightsDto["noShows"] {
  const total = (rows: PackageMarks[], key: "attended" | "noShows") => rows.reduce((s, r) => s + r[key], 0);
  const byPackage = inCatalogOrder(marks.map((m) => m.packageKey)).flatMap((key) => {
    const rows = marks.filter((m) => m.packageKey === key);
    const [attended, missed] = [total(rows, "attended"), total(rows, "noShows")];
    return attended + missed === 0 ? [] : [{ packageKey: key, attended, noShows: missed }];
  });
  return { attended: total(marks, "attended"), noShows: total(marks, "noShows"), byPackage };
}

function scorecards(marks: PackageMarks[]): InsightsDto["scorecards"] {
  return inCatalogOrder(marks.map((m) => m.packageKey)).flatMap((key) => {
    const rows = marks.filter((m) => m.packageKey === key);
    const n = rows.reduce((s, r) => s + r.scorecards, 0);
    if (n === 0) return [];
    const average = Math.round((rows.reduce((s, r) => s + r.scoreTotal, 0) / n) * 10) / 10;
    return [{ packageKey: key, average, scorecards: n }];
  });
}

function coupons(uses: CodeUse[]): InsightsDto["coupons"] {
  const codes = new Map<string, InsightsDto["coupons"][number]>();
  for (const use of uses) {
    const found = codes.get(use.code) ?? { code: use.code, redemptions: 0, discountPaise: 0, revenuePaise: 0 };
    found.redemptions += use.redemptions;
    found.discountPaise += use.discountPaise;
    found.revenuePaise += use.revenuePaise;
    codes.set(use.code, found);
  }
  return [...codes.values()].sort((a, b) => b.redemptions - a.redemptions || a.code.localeCompare(b.code));
}

/**
 * The business in a period of platform-zone dates, both included (docs/admin.md, Insights). The
 * database sums every figure of a settled day once and keeps it per day (money and the funnel for
 * good, session figures until a row feeding them changes), and sums the kept days of the period
 * per day and per package or code as it reads them: the server reads a row per day and one per
 * package or code, whatever the bookings and however many packages a day sold (docs/benchmarks.md,
 * Scale, twenty-sixth entry).
 */
export function readInsights(deps: AppDeps, period: PeriodQuery): Promise<InsightsDto> {
  // Requests for the same period that arrive while it is being read share that reading: at L a
  // reading costs about 40 ms of CPU (the last days come from the rows), and ten admins' screens
  // refreshing together would otherwise queue ten of them. The reading waits one turn of the event
  // loop first, so requests already received join it: on SQLite a reading never yields until done.
  // A request may get a reading begun just before it arrived, never an older one (docs/admin.md, Insights).
  return sumOnce(deps.db, `insights read ${deps.config.timeZone} ${period.from} ${period.to}`, async () => {
    await nextTurn();
    return sumInsights(deps, period);
  });
}

async function sumInsights(deps: AppDeps, period: PeriodQuery): Promise<InsightsDto> {
  const buckets = dayBuckets(period.from, period.to, deps.config.timeZone);
  const dates = buckets.map((b) => b.key);
  // Three independent readings at once: on PostgreSQL each takes its own connections of the pool, so
  // a reading lasts as long as its longest part, not the sum of them (docs/benchmarks.md, Scale).
  const [days, sessions, feedbackMinutes] = await Promise.all([
    readDayFigures(deps, buckets),
    readSessionDays(deps, buckets),
    readFeedbackMinutes(deps),
  ]);
  return {
    from: period.from,
    to: period.to,
    revenue: revenue(dates, days.money),
    occupancy: occupancy(period, sessions.seats),
    funnel: funnelOf(days.funnel),
    noShows: noShows(sessions.marks),
    scorecards: scorecards(sessions.marks),
    coupons: coupons(sessions.coupons),
    feedbackMinutes,
  };
}
