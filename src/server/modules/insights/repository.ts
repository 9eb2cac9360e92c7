import { sql } from "kysely";
import { PAID_STATUSES } from "../../../shared/constants.js";
import type { Executor } from "../../db/database.js";

/** The paid statuses as SQL literals, for the statements written in SQL. */
const paidStatusList = sql.join(PAID_STATUSES.map((status) => sql.lit(status)));

/** A half-open window of instants [fromIso, toIso). */
export interface Window {
  fromIso: string;
  toIso: string;
}

/** One calendar day (or week) of the platform zone as the instants [fromIso, toIso). */
export interface Bucket extends Window {
  key: string;
}

/** The buckets as a table `d` the query joins on (one row per day or week; bounded by the period's length). */
const withBuckets = (buckets: readonly Bucket[]) =>
  sql`with d (bucket, bucket_from, bucket_to) as (values ${sql.join(
    buckets.map((b) => sql`(${b.key}, ${b.fromIso}, ${b.toIso})`),
  )})`;

/**
 * The whole range of the buckets, as a condition on the column they are joined on. The same rows
 * the join keeps, but a condition PostgreSQL can estimate from its statistics: without it, it
 * guessed a third of the sessions per day and hash-joined every booking with every scorecard
 * (300 ms for the last three days at L, docs/benchmarks.md, Scale).
 */
const within = (column: string, buckets: readonly Bucket[]) =>
  sql`${sql.ref(column)} >= ${buckets[0]?.fromIso ?? ""} and ${sql.ref(column)} < ${buckets.at(-1)?.toIso ?? ""}`;

/**
 * Money per platform-zone day and package, summed by the database over one range of the index on
 * the instant: payments confirmed, or paid bookings cancelled (refunded in full, docs/admin.md).
 * Each row is counted in the day whose instants hold it (a join on the days' ranges), so no date is
 * computed per row.
 */
export async function sumMoneyByDay(db: Executor, days: readonly Bucket[], money: "paid" | "refunded") {
  if (days.length === 0) return [];
  const column = money === "paid" ? "b.confirmed_at" : "b.cancelled_at";
  // The literal status names the condition of the partial index on cancelled_at (migration 0320).
  const refundsOnly = money === "refunded" ? sql`and b.status = 'cancelled' and b.confirmed_at is not null` : sql``;
  const result = await sql<{ day: string; packageKey: string; paise: number | string; n: number | string }>`
    ${withBuckets(days)}
    select d.bucket as "day", b.package_key as "packageKey", sum(b.amount_paise) as "paise", count(*) as "n"
    from d join bookings b on ${sql.ref(column)} >= d.bucket_from and ${sql.ref(column)} < d.bucket_to
    where ${within(column, days)} ${refundsOnly}
    group by d.bucket, b.package_key`.execute(db);
  return result.rows.map((r) => ({ day: r.day, packageKey: r.packageKey, paise: Number(r.paise), n: Number(r.n) }));
}

/**
 * Seats offered and paid for by slots and workshops starting in each day, not cancelled. A session
 * sold past its capacity (an admin's move into a full session, a capacity lowered after sales)
 * counts as full, so a week's occupancy never exceeds 100 % (docs/admin.md, Insights).
 */
export async function sumTimedSeatsByDay(db: Executor, days: readonly Bucket[]) {
  if (days.length === 0) return [];
  // One join per session table, each from its index on the start (a union would be read whole).
  const seats = (sessions: "slots" | "workshops") => sql`
    select d.bucket as "day", s.capacity as "capacity", (select count(*) from bookings b
      where b.target_id = s.id and b.status in (${paidStatusList})) as "sold"
    from d join ${sql.table(sessions)} s on s.start_at >= d.bucket_from and s.start_at < d.bucket_to
    where s.cancelled_at is null and ${within("s.start_at", days)}`;
  const result = await sql<{ day: string; capacity: number | string; sold: number | string }>`
    ${withBuckets(days)}
    select s."day", sum(s."capacity") as "capacity",
      sum(case when s."sold" > s."capacity" then s."capacity" else s."sold" end) as "sold"
    from (${seats("slots")} union all ${seats("workshops")}) s
    group by s."day"`.execute(db);
  return result.rows.map((r) => ({ day: r.day, capacity: Number(r.capacity), sold: Number(r.sold) }));
}

/** Internship batches starting on the period's dates (few: one per track and month). */
export function findInternshipsStartingIn(db: Executor, dates: { from: string; to: string }) {
  return db
    .selectFrom("internships")
    .select(["id", "start_date as startDate", "capacity"])
    .where("start_date", ">=", dates.from)
    .where("start_date", "<=", `${dates.to}~`)
    .execute();
}

/** Paid seats per session, for the sessions given. */
export async function countPaidSeats(db: Executor, targetIds: string[]): Promise<Map<string, number>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bookings")
    .select((eb) => ["target_id as targetId", eb.fn.countAll<number>().as("n")])
    .where("status", "in", PAID_STATUSES)
    .where("target_id", "in", targetIds)
    .groupBy("target_id")
    .execute();
  return new Map(rows.map((r) => [r.targetId, Number(r.n)]));
}

/**
 * The funnel of the holds placed in each platform-zone day: how many led to a checkout (a booking
 * of the same student for the same session, made after the hold) and how many of those were paid.
 * Every step counts holds, so no step can exceed the one before (docs/admin.md, Insights). Each
 * hold's outcome is kept on its row by the database (migration 0434), and the index on the instant
 * holds it (migration 0435): the days' holds are read from the index alone.
 */
export async function countHoldFunnelByDay(db: Executor, days: readonly Bucket[]) {
  if (days.length === 0) return [];
  const result = await sql<{
    day: string;
    holds: number | string;
    checkouts: number | string | null;
    paid: number | string | null;
  }>`
    ${withBuckets(days)}
    select d.bucket as "day", count(*) as "holds",
      sum(case when h.outcome >= 1 then 1 else 0 end) as "checkouts",
      sum(case when h.outcome = 2 then 1 else 0 end) as "paid"
    from d join hold_log h on h.created_at >= d.bucket_from and h.created_at < d.bucket_to
    where ${within("h.created_at", days)}
    group by d.bucket`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    holds: Number(r.holds),
    checkouts: Number(r.checkouts ?? 0),
    paid: Number(r.paid ?? 0),
  }));
}

/**
 * Mock interviews and workshops that started in each day and were marked attended or no-show,
 * counted per package and mark: the days' sessions first (by their start), then their bookings.
 */
export async function countMarkedAttendanceByDay(db: Executor, days: readonly Bucket[]) {
  if (days.length === 0) return [];
  // One join per session table: a join on their union would read the bookings by status instead.
  const marked = (sessions: "slots" | "workshops") => sql`
    select d.bucket as "day", b.package_key as "packageKey", b.status as "status"
    from d join ${sql.table(sessions)} s on s.start_at >= d.bucket_from and s.start_at < d.bucket_to
    join bookings b on b.target_id = s.id
    where b.kind in ('mock', 'workshop') and b.status in ('completed', 'no_show') and ${within("s.start_at", days)}`;
  const result = await sql<{ day: string; packageKey: string; status: string; n: number | string }>`
    ${withBuckets(days)}
    select m."day", m."packageKey", m."status", count(*) as "n"
    from (${marked("slots")} union all ${marked("workshops")}) m
    group by m."day", m."packageKey", m."status"`.execute(db);
  return result.rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * Per day and package, the sum and count of the overall scores of mock interviews that started in the day.
 * Only completed bookings are looked up in the scorecards: saving a scorecard marks its booking completed, and
 * a booking with one cannot be marked a no-show (scorecards/service.ts). A day still to come, whose bookings are
 * all confirmed, costs no lookup (some 500 at L for the open day: docs/benchmarks.md, Scale, fourteenth entry).
 */
export async function sumScoresByDay(db: Executor, days: readonly Bucket[]) {
  if (days.length === 0) return [];
  const result = await sql<{ day: string; packageKey: string; total: number | string; n: number | string }>`
    ${withBuckets(days)}
    select d.bucket as "day", b.package_key as "packageKey", sum(sc.overall) as "total", count(*) as "n"
    from d join slots s on s.start_at >= d.bucket_from and s.start_at < d.bucket_to
    join bookings b on b.target_id = s.id and b.status = 'completed'
    join scorecards sc on sc.booking_id = b.id
    where ${within("s.start_at", days)}
    group by d.bucket, b.package_key`.execute(db);
  return result.rows.map((r) => ({ day: r.day, packageKey: r.packageKey, total: Number(r.total), n: Number(r.n) }));
}

/** Per day and coupon, its redemptions on bookings paid in the day and still paid, with their sums. */
export async function sumCouponUseByDay(db: Executor, days: readonly Bucket[]) {
  if (days.length === 0) return [];
  const result = await sql<{
    day: string;
    code: string;
    redemptions: number | string;
    discountPaise: number | string;
    revenuePaise: number | string;
  }>`
    ${withBuckets(days)}
    select d.bucket as "day", c.code as "code", count(*) as "redemptions",
      sum(r.discount_paise) as "discountPaise", sum(b.amount_paise) as "revenuePaise"
    from d join bookings b on b.confirmed_at >= d.bucket_from and b.confirmed_at < d.bucket_to
    join coupon_redemptions r on r.booking_id = b.id
    join coupons c on c.id = r.coupon_id
    where b.status in (${paidStatusList}) and ${within("b.confirmed_at", days)}
    group by d.bucket, c.code`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    code: r.code,
    redemptions: Number(r.redemptions),
    discountPaise: Number(r.discountPaise),
    revenuePaise: Number(r.revenuePaise),
  }));
}
