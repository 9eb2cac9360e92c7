/**
 * Instants are stored in UTC; "today", "past" and the week grid are computed in the platform
 * zone (docs/product.md, Principles). These helpers run the same in Node and browsers: Intl, or plain arithmetic
 * for a zone with a fixed offset.
 */

import { BOOKING_CUTOFF_HOURS } from "./constants.js";

/** Sessions starting at or before this instant can no longer be booked (docs/product.md, Holds: booking cut-off). */
export const bookingCutoffIso = (now: Date): string =>
  new Date(now.getTime() + BOOKING_CUTOFF_HOURS * 3_600_000).toISOString();

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * Zones whose offset from UTC has not changed since `since` (the IANA time-zone database: India has kept
 * +05:30 since 15 Oct 1945). From then on their wall clock is arithmetic, so the server formats their times
 * without waking ICU, which costs about 8 MB of resident memory for good (docs/decisions/0245-dates-without-icu.md).
 * Any other zone, or an earlier instant, goes through Intl; `time.test.ts` checks both paths agree.
 */
const FIXED_OFFSET_ZONES = new Map<string, { offsetMinutes: number; since: number }>([
  ["Asia/Kolkata", { offsetMinutes: 330, since: Date.UTC(1945, 9, 15) }],
  ["Asia/Calcutta", { offsetMinutes: 330, since: Date.UTC(1945, 9, 15) }],
  ["UTC", { offsetMinutes: 0, since: Number.NEGATIVE_INFINITY }],
  ["Etc/UTC", { offsetMinutes: 0, since: Number.NEGATIVE_INFINITY }],
]);

/** True for the zones whose wall clock is worked out without Intl (above). */
export const isFixedOffsetZone = (timeZone: string): boolean => FIXED_OFFSET_ZONES.has(timeZone);

function fixedOffsetMinutes(instant: Date, timeZone: string): number | undefined {
  const zone = FIXED_OFFSET_ZONES.get(timeZone);
  return zone && instant.getTime() >= zone.since ? zone.offsetMinutes : undefined;
}

/** One formatter per zone and use, made on first use: making one costs far more than formatting with it. */
function cachedFormatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(timeZone, f);
  }
  return f;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

const partsFormatter = (timeZone: string): Intl.DateTimeFormat =>
  cachedFormatter(partsFormatters, timeZone, "en-US", {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

export function wallClock(instant: Date, timeZone: string): WallClock & { second: number } {
  const offset = fixedOffsetMinutes(instant, timeZone);
  if (offset !== undefined) {
    const shifted = new Date(instant.getTime() + offset * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Calendar date (YYYY-MM-DD) of an instant in the zone. */
export function zonedDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Wall-clock time (HH:MM) of an instant in the zone. */
export function zonedTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The UTC instant at which the zone's wall clock reads `date` `time` (YYYY-MM-DD, HH:MM). */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // A zone of fixed offset (above): the wall clock less the offset, once that offset holds there.
  const zone = FIXED_OFFSET_ZONES.get(timeZone);
  if (zone) {
    const fixed = guess - zone.offsetMinutes * 60_000;
    if (fixed >= zone.since) return new Date(fixed);
  }
  // Two passes settle the offset even across a DST change.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
    instant += guess - shown;
  }
  return new Date(instant);
}

/** Adds whole days to a calendar date string. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Monday of the week containing `date` (docs/product.md, Principles: weeks start on Monday). */
export function weekStartMonday(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven calendar dates of the week starting at `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

// en-IN's short names, as Intl writes them (checked in time.test.ts).
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** "Mon, 24 Nov" style label of a calendar date. */
export function formatDayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** "7:00 pm" for a wall clock (en-IN). */
const clockText = (w: WallClock): string => `${w.hour % 12 || 12}:${pad(w.minute)} ${w.hour < 12 ? "am" : "pm"}`;

/** "24 Nov 2026, 7:00 pm" for a wall clock (en-IN). */
const formatWallClock = (w: WallClock): string => `${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${clockText(w)}`;

const instantFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** "24 Nov 2026, 7:00 pm IST" for an instant. */
export function formatInstant(iso: string, timeZone: string, zoneLabel = "IST"): string {
  const instant = new Date(iso);
  const text =
    fixedOffsetMinutes(instant, timeZone) === undefined
      ? cachedFormatter(instantFormatters, timeZone, "en-IN", {
          day: "numeric",
          month: "short",
          year: "numeric",
          hour: "numeric",
          minute: "2-digit",
        }).format(instant)
      : formatWallClock(wallClock(instant, timeZone));
  return `${text} ${zoneLabel}`;
}

/** "7:00 pm" for an instant in the zone. */
export function formatClock(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return fixedOffsetMinutes(instant, timeZone) === undefined
    ? cachedFormatter(clockFormatters, timeZone, "en-IN", { hour: "numeric", minute: "2-digit" }).format(instant)
    : clockText(wallClock(instant, timeZone));
}

/** mm:ss countdown text for a number of milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
