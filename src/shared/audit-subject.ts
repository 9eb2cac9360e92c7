import { type CatalogLabeler, catalogLabeler } from "./catalog-label.js";
import { formatDayLabel, zonedDate, zonedTime } from "./time.js";

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (value && typeof value === "object" ? (value as Fields) : {});
const text = (...values: unknown[]) => values.find((v): v is string => typeof v === "string" && v !== "");

/** "Wed 25 Nov 19:00" for an instant in the platform zone. */
export function auditWhen(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  return `${formatDayLabel(zonedDate(instant, timeZone)).replace(",", "")} ${zonedTime(instant, timeZone)}`;
}

/** A session a booking is for, as the audit log names it. */
export interface AuditBooking {
  title: string;
  startAt: string;
  student: string;
}

/**
 * What an audit entry changed, in words an operator recognises ("Slot Wed 25 Nov 19:00, Rahul
 * Menon"), from the row as it was after the change (or before, for a delete); raw ids only when
 * nothing better is known; a package by the catalog's name of it.
 */
export function auditSubject(
  entry: { entity: string; entityId: string | null; before: unknown; after: unknown },
  timeZone: string,
  booking?: AuditBooking,
  label: CatalogLabeler = catalogLabeler(),
): string {
  const row = { ...fields(entry.before), ...fields(entry.after) };
  const id = entry.entityId ?? "";
  const start = text(row.start_at, row.startAt);
  const when = start ? ` ${auditWhen(start, timeZone)}` : "";
  switch (entry.entity) {
    case "slot":
      return `Slot${when}${text(row.interviewer_name, row.interviewerName) ? `, ${text(row.interviewer_name, row.interviewerName)}` : ""}`;
    case "workshop":
      return `Workshop ${text(row.title) ?? id}${when ? `,${when}` : ""}`;
    case "internship":
      return `Internship ${text(row.title) ?? id}${text(row.start_date) ? `, starts ${formatDayLabel(String(row.start_date))}` : ""}`;
    case "interviewer":
      return `Interviewer ${text(row.name) ?? id}`;
    case "coupon":
      return `Coupon ${text(row.code) ?? id}`;
    case "certificate":
      return `Certificate ${id}${text(row.recipientName) ? `, ${text(row.recipientName)}` : ""}`;
    case "pricing":
      return `Price of ${text(row.label) ?? label(id)}`;
    case "topic":
      return `Topic ${text(row.label) ?? id}`;
    case "admin":
      return `Admin ${id}`;
    case "message":
      return `Message from ${text(row.name, row.email) ?? id}`;
    case "booking":
    case "scorecard": {
      const noun = entry.entity === "booking" ? "Booking" : "Scorecard";
      return booking
        ? `${noun}: ${booking.title}, ${auditWhen(booking.startAt, timeZone)}, ${booking.student}`
        : `${noun} ${id}`;
    }
    default:
      return `${entry.entity} ${id}`.trim();
  }
}
