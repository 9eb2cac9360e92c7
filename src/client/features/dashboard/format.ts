import type { DashboardSession } from "../../../shared/schemas/dashboard.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../shared/time.js";

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export const STATUS_LABELS: Record<DashboardSession["status"], string> = {
  confirmed: "Confirmed",
  completed: "Completed",
  no_show: "Missed",
  cancelled: "Cancelled",
};

const STATUS_TONES: Record<DashboardSession["status"], string> = {
  confirmed: "bg-green-100 text-green-900",
  completed: "bg-brand-100 text-brand-900",
  no_show: "bg-amber-100 text-amber-900",
  cancelled: "bg-slate-200 text-slate-800",
};

export const statusTone = (status: DashboardSession["status"]): string => STATUS_TONES[status];

/** Upcoming = confirmed and not over yet; everything else is history. */
export const isUpcoming = (session: DashboardSession, now = Date.now()): boolean =>
  session.status === "confirmed" && Date.parse(session.endAt) > now;

/** When a session starts, as a student reads it: an internship starts on a day, never at midnight. */
export const formatSessionStart = (session: DashboardSession, zone: string, zoneLabel: string): string =>
  session.kind === "internship"
    ? `Starts ${formatDayLabel(zonedDate(new Date(session.startAt), zone))}`
    : formatInstant(session.startAt, zone, zoneLabel);
