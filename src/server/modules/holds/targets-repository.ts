import type { CatalogKey } from "../../../shared/constants.js";
import { bookingCutoffIso, zonedDate } from "../../../shared/time.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import { decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { BookingKind } from "../../db/schema.js";

/** A seat-selling session of any kind, as the booking rules see it. */
export interface BookableTarget {
  kind: BookingKind;
  id: string;
  title: string;
  capacity: number;
  startAt: string;
  /** Catalog keys a seat here can be bought under (mock: the slot's packages; others: one). */
  packageKeys: CatalogKey[];
  /** Open for booking now: published, not cancelled, not inside the booking cut-off. */
  open: boolean;
  /** Not started, but inside the booking cut-off (docs/product.md, Holds). */
  closing: boolean;
}

/**
 * Reads (and on PostgreSQL locks, inside a transaction) the target row, so that counting its seats
 * and taking one cannot interleave with another request for the same target.
 */
export async function findTargetForUpdate(
  db: Executor,
  dialect: Dialect,
  kind: BookingKind,
  id: string,
  now: Date,
  timeZone: string,
): Promise<BookableTarget | undefined> {
  const nowIso = now.toISOString();
  const cutoffIso = bookingCutoffIso(now);
  const closing = (startAt: string) => startAt > nowIso && startAt <= cutoffIso;
  if (kind === "mock") {
    const slot = await forUpdate(dialect, db.selectFrom("slots").selectAll().where("id", "=", id)).executeTakeFirst();
    if (!slot) return undefined;
    return {
      kind,
      id,
      title: `Mock interview with ${slot.interviewer_name}`,
      capacity: slot.capacity,
      startAt: slot.start_at,
      packageKeys: decodeSlotPackageTypes(slot.package_types),
      open: slot.status === "published" && slot.cancelled_at === null && slot.start_at > cutoffIso,
      closing: closing(slot.start_at),
    };
  }
  if (kind === "workshop") {
    const workshop = await forUpdate(
      dialect,
      db.selectFrom("workshops").selectAll().where("id", "=", id),
    ).executeTakeFirst();
    if (!workshop?.topic_key.startsWith("ws_")) return undefined;
    return {
      kind,
      id,
      title: workshop.title,
      capacity: workshop.capacity,
      startAt: workshop.start_at,
      packageKeys: [workshop.topic_key as CatalogKey],
      open: workshop.status === "published" && workshop.cancelled_at === null && workshop.start_at > cutoffIso,
      closing: closing(workshop.start_at),
    };
  }
  const internship = await forUpdate(
    dialect,
    db.selectFrom("internships").selectAll().where("id", "=", id),
  ).executeTakeFirst();
  if (!internship?.track_key.startsWith("int_")) return undefined;
  return {
    kind,
    id,
    title: internship.title,
    capacity: internship.capacity,
    startAt: `${internship.start_date}T00:00:00.000Z`,
    packageKeys: [internship.track_key as CatalogKey],
    // An internship can be joined until the day it starts (in the platform zone).
    open: internship.cancelled_at === null && internship.start_date > zonedDate(now, timeZone),
    closing: false,
  };
}
