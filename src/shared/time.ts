/**
 * Instants are stored in UTC; "today", "past" and the week grid are computed in the platform
 * zone (docs/product.md, Principles). These helpers use Intl only, so they run the same in Node and browsers.
 */

import { BOOKING_CUTOFF_HOURS } from "./constants.js";

/** Sessions starting at or before this instant can no longer be booked (docs/product.md, Holds: booking cut-off). */
export const bookingCutoffIso = (now: Date): string =>
  new Date(now.getTime() + BOOKING_CUTOFF_HOURS * 3_600_000).toISOString();

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export function wallClock(instant: Date, timeZone: string): WallClock & { second: number } {
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
  // Two passes settle the offset even across a DST change; IST has none.
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

/** "Mon, 24 Nov" style label of a calendar date. */
export function formatDayLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "24 Nov 2026, 7:00 pm IST" for an instant. */
export function formatInstant(iso: string, timeZone: string, zoneLabel = "IST"): string {
  const text = new Intl.DateTimeFormat("en-IN", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
  return `${text} ${zoneLabel}`;
}

/** "7:00 pm" for an instant in the zone. */
export function formatClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-IN", { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** mm:ss countdown text for a number of milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}
