import { type Expression, type SqlBool, sql } from "kysely";
import type { CatalogKey } from "../../../shared/constants.js";
import { bookingCutoffIso, zonedDate } from "../../../shared/time.js";
import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import { decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { BookingKind } from "../../db/schema.js";
import { internshipOpenForBooking, openFlag, slotOpenForBooking, workshopOpenForBooking } from "../seats/index.js";
import type { HoldRequest } from "./hold-request.js";

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
    const slot = await forUpdate(
      dialect,
      db
        .selectFrom("slots")
        .selectAll()
        .select(openFlag(slotOpenForBooking(cutoffIso)).as("open"))
        .where("id", "=", id),
    ).executeTakeFirst();
    if (!slot) return undefined;
    return {
      kind,
      id,
      title: `Mock interview with ${slot.interviewer_name}`,
      capacity: slot.capacity,
      startAt: slot.start_at,
      packageKeys: decodeSlotPackageTypes(slot.package_types),
      open: Number(slot.open) === 1,
      closing: closing(slot.start_at),
    };
  }
  if (kind === "workshop") {
    const workshop = await forUpdate(
      dialect,
      db
        .selectFrom("workshops")
        .selectAll()
        .select(openFlag(workshopOpenForBooking(cutoffIso)).as("open"))
        .where("id", "=", id),
    ).executeTakeFirst();
    if (!workshop?.topic_key.startsWith("ws_")) return undefined;
    return {
      kind,
      id,
      title: workshop.title,
      capacity: workshop.capacity,
      startAt: workshop.start_at,
      packageKeys: [workshop.topic_key as CatalogKey],
      open: Number(workshop.open) === 1,
      closing: closing(workshop.start_at),
    };
  }
  const internship = await forUpdate(
    dialect,
    db
      .selectFrom("internships")
      .selectAll()
      .select(openFlag(internshipOpenForBooking(zonedDate(now, timeZone))).as("open"))
      .where("id", "=", id),
  ).executeTakeFirst();
  if (!internship?.track_key.startsWith("int_")) return undefined;
  return {
    kind,
    id,
    title: internship.title,
    capacity: internship.capacity,
    startAt: `${internship.start_date}T00:00:00.000Z`,
    packageKeys: [internship.track_key as CatalogKey],
    open: Number(internship.open) === 1,
    closing: false,
  };
}

/** The target of a hold as the hold's statement reads it: one row of the same shape for every kind. */
export interface TargetRow {
  id: string;
  capacity: number;
  open: number;
  closing: number;
  package_key: string | null;
  package_allowed: number;
}

/**
 * The target of a hold as one row of the same shape for every kind, locked on PostgreSQL: `open`
 * (open for booking, of a topic or track still sold), the plan the seat is bought under and
 * whether the target offers it.
 */
export function targetRow(
  db: Executor,
  dialect: Dialect,
  request: HoldRequest,
  within?: Expression<SqlBool>,
): Expression<TargetRow> {
  const { kind, target_id: id } = request.hold;
  const yes = sql<number>`1`;
  if (kind === "mock") return slotTargetRow(db, dialect, request, within);
  if (kind === "workshop") {
    const query = db
      .selectFrom("workshops")
      .where("id", "=", id)
      .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
      .select((_eb) => [
        "id",
        "capacity",
        openFlag(workshopOpenForBooking(request.cutoffIso)).as("open"),
        closingCase(request).as("closing"),
        "topic_key as package_key",
        yes.as("package_allowed"),
      ]);
    return dialect === "postgres" ? query.forUpdate() : query;
  }
  const query = db
    .selectFrom("internships")
    .where("id", "=", id)
    .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
    .select((_eb) => [
      "id",
      "capacity",
      openFlag(internshipOpenForBooking(request.today)).as("open"),
      sql<number>`0`.as("closing"),
      "track_key as package_key",
      yes.as("package_allowed"),
    ]);
  return dialect === "postgres" ? query.forUpdate() : query;
}

/** A slot as a hold target: the plan asked for (or the slot's first) and whether the slot offers it. */
function slotTargetRow(
  db: Executor,
  dialect: Dialect,
  request: HoldRequest,
  within: Expression<SqlBool> | undefined,
): Expression<TargetRow> {
  const id = request.hold.target_id;
  // package_types is a JSON array of plan keys ('["service","product"]').
  const wanted = request.wantedPackage;
  const first =
    dialect === "postgres"
      ? sql<string>`(package_types::json ->> 0)`
      : sql<string>`json_extract(package_types, '$[0]')`;
  const allowed = wanted
    ? dialect === "postgres"
      ? sql<number>`(CASE WHEN package_types::jsonb ? ${wanted} THEN 1 ELSE 0 END)`
      : sql<number>`(SELECT count(*) FROM json_each(package_types) WHERE value = ${wanted})`
    : sql<number>`(CASE WHEN ${first} IS NULL THEN 0 ELSE 1 END)`;
  const query = db
    .selectFrom("slots")
    .where("id", "=", id)
    .$if(within !== undefined, (q) => q.where(within as Expression<SqlBool>))
    .select([
      "id",
      "capacity",
      openFlag(slotOpenForBooking(request.cutoffIso)).as("open"),
      closingCase(request).as("closing"),
      (wanted ? sql<string>`${wanted}` : first).as("package_key"),
      allowed.as("package_allowed"),
    ]);
  return dialect === "postgres" ? query.forUpdate() : query;
}

/** 1 when the session has not started but is inside the booking cut-off. */
const closingCase = (request: HoldRequest) =>
  sql<number>`(CASE WHEN start_at > ${request.nowIso} AND start_at <= ${request.cutoffIso} THEN 1 ELSE 0 END)`;
