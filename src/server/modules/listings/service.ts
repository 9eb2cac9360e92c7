import {
  type CatalogKey,
  type CompanyType,
  type Domain,
  FULL_TIMES_LISTED,
  SLOT_DAYS_AHEAD,
} from "../../../shared/constants.js";
import type { InternshipListing, SlotDays, SlotListing, WorkshopListing } from "../../../shared/schemas/booking.js";
import { addDays, bookingCutoffIso, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { Db } from "../../db/database.js";
import { decodeInternshipWeekPlans, decodeSlotPackageTypes } from "../../db/json-columns.js";
import type { InternshipsTable } from "../../db/schema.js";
import { findCatalog } from "../catalog/index.js";
import { countSeatsTaken } from "../seats/index.js";
import {
  findEarliestUpcomingInternship,
  findPublishedSlot,
  findPublishedSlotStarts,
  findPublishedUpcomingSlots,
  findPublishedUpcomingWorkshops,
  findUpcomingInternships,
} from "./repository.js";

type SlotRow = Awaited<ReturnType<typeof findPublishedUpcomingSlots>>[number];

/** A slot row as students see it, with the seats left (`taken` counted by countSeatsTaken). */
function slotListing(row: SlotRow, taken: Map<string, number>): SlotListing {
  return {
    id: row.id,
    startAt: row.start_at,
    endAt: row.end_at,
    interviewerName: row.interviewer_name,
    interviewerQualification: row.interviewer_qualification ?? "",
    details: row.details,
    packageTypes: decodeSlotPackageTypes(row.package_types),
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - (taken.get(row.id) ?? 0)),
  };
}

async function slotsJson(db: Db, rows: SlotRow[], nowIso: string): Promise<string> {
  const taken = await countSeatsTaken(
    db,
    rows.map((r) => r.id),
    nowIso,
  );
  return JSON.stringify({ slots: rows.map((row) => slotListing(row, taken)) });
}

/** A plan's next 200 upcoming published slots with the seats left, already encoded for the listing cache. */
export async function listSlotsJson(db: Db, packageKey: CompanyType, domain?: Domain): Promise<string> {
  const now = new Date();
  const rows = await findPublishedUpcomingSlots(db, packageKey, bookingCutoffIso(now), { domain });
  return slotsJson(db, rows, now.toISOString());
}

interface DaysRange {
  first: string;
  last: string;
  /** The instants the days start at, the day after `last` included. */
  dayStarts: string[];
  /** When today starts and ends. */
  from: number;
  until: number;
}
const ranges = new Map<string, DaysRange>();

/**
 * The days a plan's slots are listed by: today and the next SLOT_DAYS_AHEAD − 1 days of the platform zone.
 * Worked out once a day: in a zone with summer time a zoned date is 25–35 µs of ICU, more than the rest of a
 * cached answer (India's fixed offset skips ICU: docs/decisions/0245-dates-without-icu.md).
 */
export function slotDaysRange(timeZone: string, now = new Date()): DaysRange {
  const known = ranges.get(timeZone);
  if (known && now.getTime() >= known.from && now.getTime() < known.until) return known;
  const first = zonedDate(now, timeZone);
  const dayStarts = Array.from({ length: SLOT_DAYS_AHEAD + 1 }, (_, i) =>
    zonedToInstant(addDays(first, i), "00:00", timeZone).toISOString(),
  );
  const range = {
    first,
    last: addDays(first, SLOT_DAYS_AHEAD - 1),
    dayStarts,
    from: Date.parse(dayStarts[0] ?? ""),
    until: Date.parse(dayStarts[1] ?? ""),
  };
  ranges.set(timeZone, range);
  return range;
}

/**
 * One day's published slots of a plan (the day in the platform zone), full ones included, with the seats
 * left, encoded for the listing cache. The caller keeps `date` within slotDaysRange.
 */
export async function listDaySlotsJson(
  db: Db,
  packageKey: CompanyType,
  date: string,
  timeZone: string,
  domain?: Domain,
): Promise<string> {
  const now = new Date();
  const rows = await findPublishedUpcomingSlots(db, packageKey, bookingCutoffIso(now), {
    fromIso: zonedToInstant(date, "00:00", timeZone).toISOString(),
    beforeIso: zonedToInstant(addDays(date, 1), "00:00", timeZone).toISOString(),
    domain,
  });
  return slotsJson(db, rows, now.toISOString());
}

/** Slots a days summary counts at most: 60 days of a calendar busier than any we run. */
const SUMMARY_SLOTS_MAX = 5_000;
/** Ids per seat count: the statement names each id three times, well under either database's limit. */
const SEAT_COUNT_BATCH = 500;

/**
 * A plan's days summary (docs/decisions/0240-slots-by-day.md), encoded for the listing cache: the days of
 * slotDaysRange that have bookable slots, each with the slots that have a seat left and all of them; the next
 * free time; the soonest full times for their waitlist.
 */
export async function summarizeSlotDaysJson(
  db: Db,
  packageKey: CompanyType,
  timeZone: string,
  domain?: Domain,
): Promise<string> {
  const now = new Date();
  const nowIso = now.toISOString();
  const { first, dayStarts } = slotDaysRange(timeZone, now);
  const rows = await findPublishedSlotStarts(
    db,
    packageKey,
    bookingCutoffIso(now),
    dayStarts[SLOT_DAYS_AHEAD] ?? nowIso,
    SUMMARY_SLOTS_MAX,
    domain,
  );
  const taken = new Map<string, number>();
  for (let i = 0; i < rows.length; i += SEAT_COUNT_BATCH) {
    const batch = rows.slice(i, i + SEAT_COUNT_BATCH).map((r) => r.id);
    for (const [id, n] of await countSeatsTaken(db, batch, nowIso)) taken.set(id, n);
  }
  const summary: SlotDays = { days: [], next: null, full: [] };
  let day = 0;
  for (const row of rows) {
    // Rows come earliest first: move on to the day the slot starts in (day starts are ISO instants too).
    while (day < SLOT_DAYS_AHEAD - 1 && row.start_at >= (dayStarts[day + 1] ?? "")) day++;
    const date = addDays(first, day);
    let entry = summary.days.at(-1);
    if (entry?.date !== date) {
      entry = { date, free: 0, total: 0 };
      summary.days.push(entry);
    }
    entry.total++;
    if (row.capacity - (taken.get(row.id) ?? 0) > 0) {
      entry.free++;
      summary.next ??= { startAt: row.start_at };
    } else if (summary.full.length < FULL_TIMES_LISTED) {
      summary.full.push({ id: row.id, startAt: row.start_at, interviewerName: row.interviewer_name });
    }
  }
  return JSON.stringify(summary);
}

/** One published slot as students see it, with the seats left now, or undefined. */
export async function findSlotListing(db: Db, id: string): Promise<SlotListing | undefined> {
  const row = await findPublishedSlot(db, id);
  if (!row) return undefined;
  return slotListing(row, await countSeatsTaken(db, [row.id], new Date().toISOString()));
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
