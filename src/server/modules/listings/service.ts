import type { CatalogKey, CompanyType } from "../../../shared/constants.js";
import type { InternshipListing, WorkshopListing } from "../../../shared/schemas/booking.js";
import { bookingCutoffIso, zonedDate } from "../../../shared/time.js";
import type { Db } from "../../db/database.js";
import { decodeInternshipWeekPlans, decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { InternshipsTable } from "../../db/schema.js";
import { findCatalog } from "../catalog/repository.js";
import { countSeatsTaken } from "../seats/repository.js";
import {
  findEarliestUpcomingInternship,
  findPublishedUpcomingSlots,
  findPublishedUpcomingWorkshops,
  findUpcomingInternships,
} from "./repository.js";

/** A plan's upcoming published slots with the seats left, already encoded for the listing cache. */
export async function listSlotsJson(db: Db, packageKey: CompanyType): Promise<string> {
  const now = new Date();
  const nowIso = now.toISOString();
  const rows = await findPublishedUpcomingSlots(db, packageKey, bookingCutoffIso(now));
  const taken = await countSeatsTaken(
    db,
    rows.map((r) => r.id),
    nowIso,
  );
  return JSON.stringify({
    slots: rows.map((r) => ({
      id: r.id,
      startAt: r.start_at,
      endAt: r.end_at,
      interviewerName: r.interviewer_name,
      interviewerQualification: r.interviewer_qualification ?? "",
      details: r.details,
      packageTypes: decodeSlotPackageTypes(r.package_types),
      capacity: r.capacity,
      seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    })),
  });
}

export async function listWorkshops(db: Db): Promise<WorkshopListing[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  const [rows, catalog] = await Promise.all([
    findPublishedUpcomingWorkshops(db, bookingCutoffIso(now)),
    findCatalog(db),
  ]);
  const taken = await countSeatsTaken(
    db,
    rows.map((r) => r.id),
    nowIso,
  );
  const prices = new Map(catalog.map((c) => [c.key as string, c]));
  return rows.map((r) => ({
    id: r.id,
    topicKey: r.topic_key,
    title: r.title,
    level: r.level,
    startAt: r.start_at,
    endAt: r.end_at,
    capacity: r.capacity,
    seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
    pricePaise: prices.get(r.topic_key)?.pricePaise ?? 0,
    available: prices.get(r.topic_key)?.available ?? false,
    hostName: r.host_name,
    hostQualification: r.host_qualification,
  }));
}

/** Every internship batch that has not started, earliest first. */
export async function listUpcomingInternships(db: Db, timeZone: string): Promise<InternshipListing[]> {
  const now = new Date();
  const rows = await findUpcomingInternships(db, zonedDate(now, timeZone));
  return internshipListings(db, rows, now);
}

/** The earliest internship that has not started yet, or null. */
export async function findUpcomingInternship(db: Db, timeZone: string): Promise<InternshipListing | null> {
  const now = new Date();
  const row = await findEarliestUpcomingInternship(db, zonedDate(now, timeZone));
  if (!row) return null;
  const [internship] = await internshipListings(db, [row], now);
  return internship ?? null;
}

/** Internship rows as students see them: the track's price and availability, seats left now. */
async function internshipListings(db: Db, rows: InternshipsTable[], now: Date): Promise<InternshipListing[]> {
  const [catalog, taken] = await Promise.all([
    findCatalog(db),
    countSeatsTaken(
      db,
      rows.map((r) => r.id),
      now.toISOString(),
    ),
  ]);
  return rows.map((row) => {
    const price = catalog.find((c) => c.key === (row.track_key as CatalogKey));
    return {
      id: row.id,
      title: row.title,
      mentor: row.mentor,
      startDate: row.start_date,
      weeks: row.weeks,
      weekPlans: decodeInternshipWeekPlans(row.week_plans),
      trackKey: row.track_key,
      capacity: row.capacity,
      seatsLeft: Math.max(0, row.capacity - (taken.get(row.id) ?? 0)),
      pricePaise: price?.pricePaise ?? 0,
      available: price?.available ?? false,
    };
  });
}
