import { formatInstant } from "../../../../shared/time.js";

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const calendarDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "3 Dec 2026" for a calendar date (an internship batch starts on a day, not at a time). */
export const formatCalendarDate = (date: string) => calendarDateFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * A stored value as the console shows it: instants in the platform zone ("24 Nov 2026, 7:00 pm IST"),
 * calendar dates as "3 Dec 2026", other text as it is, anything else as JSON.
 */
export function readableValue(value: unknown, timeZone: string, zoneLabel: string | undefined): string {
  if (value === undefined) return "—";
  if (typeof value !== "string") return JSON.stringify(value);
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatInstant(value, timeZone, zoneLabel);
  if (CALENDAR_DATE.test(value)) return formatCalendarDate(value);
  return value;
}
