import { PAID_STATUSES } from "../../../shared/constants.js";
import type { Db } from "../../db/database.js";

export interface CountRow {
  label: string;
  count: number;
}

const toRows = (rows: { label: string; count: number | string | bigint }[]): CountRow[] =>
  rows.map((r) => ({ label: r.label, count: Number(r.count) }));

/** Seats held right now (holds that have not expired), by kind. */
export async function countActiveHoldsByKind(db: Db, now: string): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("holds")
    .select((eb) => ["kind as label", eb.fn.countAll<number>().as("count")])
    .where("expires_at", ">", now)
    .groupBy("kind")
    .execute();
  return toRows(rows);
}

/** Seats sold: bookings confirmed and not given back, by kind. */
export async function countSoldSeatsByKind(db: Db): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("bookings")
    .select((eb) => ["kind as label", eb.fn.countAll<number>().as("count")])
    .where("status", "in", PAID_STATUSES)
    .groupBy("kind")
    .execute();
  return toRows(rows);
}

export async function countPaymentsByStatus(db: Db): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("payments")
    .select((eb) => ["status as label", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  return toRows(rows);
}

/** The job queue by state; finished jobs are left out (they only grow). */
export async function countJobsByStatus(db: Db): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("jobs")
    .select((eb) => ["status as label", eb.fn.countAll<number>().as("count")])
    .where("status", "in", ["pending", "running", "failed"])
    .groupBy("status")
    .execute();
  return toRows(rows);
}
