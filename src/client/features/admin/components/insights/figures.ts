import type { InsightsDto } from "../../../../../shared/schemas/insights.js";

/** A share as a whole percentage, or null when there is nothing to divide by. */
export const share = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 100);

export const percentText = (value: number | null) => (value === null ? "—" : `${value}%`);

const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
/** "5 Jan" for a calendar date. */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export const occupancyTotals = (insights: InsightsDto) =>
  insights.occupancy.reduce((t, w) => ({ sold: t.sold + w.sold, capacity: t.capacity + w.capacity }), {
    sold: 0,
    capacity: 0,
  });
