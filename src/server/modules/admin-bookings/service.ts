import { z } from "zod";
import type { CatalogLabeler } from "../../../shared/catalog-label.js";
import { personName } from "../../../shared/person-name.js";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import { zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import { findCatalogLabels } from "../catalog/index.js";
import { type AdminBookingFilter, findAdminBookingsPage, OPEN_STATUSES, type Segment } from "./repository.js";

const DAY_MS = 86_400_000;
type Row = Awaited<ReturnType<typeof findAdminBookingsPage>>[number];

function toAdminBooking(r: Row, timeZone: string, label: CatalogLabeler): AdminBookingDto {
  const internshipStart = r.internship_start
    ? zonedToInstant(r.internship_start.slice(0, 10), "00:00", timeZone).toISOString()
    : null;
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    packageKey: r.package_key,
    packageLabel: label(r.package_key),
    title:
      r.kind === "mock"
        ? `${label(r.package_key)} mock with ${r.interviewer_name ?? "a deleted slot"}`
        : (r.workshop_title ?? r.internship_title ?? "Deleted session"),
    startAt: r.slot_start ?? r.workshop_start ?? internshipStart,
    startDate: r.internship_start ? r.internship_start.slice(0, 10) : null,
    endAt:
      r.slot_end ??
      r.workshop_end ??
      (internshipStart
        ? new Date(Date.parse(internshipStart) + Number(r.internship_weeks ?? 0) * 7 * DAY_MS).toISOString()
        : null),
    certificate: r.certificate_code
      ? { code: r.certificate_code, status: r.certificate_revoked_at ? ("revoked" as const) : ("valid" as const) }
      : null,
    studentEmail: r.email,
    // The profile's name, a real account name, else the address: never the e-mail's user part.
    studentName:
      personName({
        firstName: r.profile_first_name,
        lastName: r.profile_last_name,
        accountName: r.name,
        email: r.email,
      }) || r.email,
    amountPaise: r.amount_paise,
    flag: r.flag,
    attendance: r.attendance,
    hasScorecard: r.scorecard_id !== null,
    payment: r.order_id
      ? {
          provider: r.provider ?? "",
          orderId: r.order_id,
          paymentId: r.payment_id,
          status: r.payment_status ?? "",
          refundId: r.refund_id,
        }
      : null,
    createdAt: r.created_at,
  };
}

const positionSchema = z.tuple([z.enum(["open", "settled"]), z.string().max(40), z.string().max(64)]);

function segmentsFor(status: string | undefined): Segment[] {
  if (!status) return ["open", "settled"];
  return (OPEN_STATUSES as readonly string[]).includes(status) ? ["open"] : ["settled"];
}

/** Up to `wanted` rows from the parts in order, the first from where the previous page ended. */
async function readSegments(
  deps: AppDeps,
  filter: AdminBookingFilter,
  position: z.infer<typeof positionSchema> | undefined,
  wanted: number,
  all: Segment[],
): Promise<Array<Row & { segment: Segment }>> {
  const segments = position ? all.slice(all.indexOf(position[0])) : all;
  const rows: Array<Row & { segment: Segment }> = [];
  for (const segment of segments) {
    const after = position?.[0] === segment ? { sessionStart: position[1], id: position[2] } : undefined;
    if (rows.length >= wanted) break;
    const found = await findAdminBookingsPage(deps.db, { filter, segment, after, limit: wanted - rows.length });
    rows.push(...found.map((row) => ({ ...row, segment })));
  }
  return rows;
}

/**
 * A page of the console's bookings list, soonest needing action first (docs/admin.md, Bookings):
 * open bookings by session time, earliest first (a past session still to be marked comes before
 * tomorrow's), then the settled ones, latest session first. Each part is read from its index.
 */
export async function listAdminBookings(
  deps: AppDeps,
  query: { kind?: AdminBookingFilter["kind"]; status?: string; from?: string; to?: string } & PageQuery,
): Promise<{ bookings: AdminBookingDto[]; nextCursor: string | null }> {
  const { timeZone } = deps.config;
  const filter: AdminBookingFilter = {
    kind: query.kind,
    status: query.status,
    from: query.from
      ? { date: query.from, instant: zonedToInstant(query.from, "00:00", timeZone).toISOString() }
      : undefined,
    to: query.to ? { date: query.to, instant: zonedToInstant(query.to, "23:59", timeZone).toISOString() } : undefined,
  };
  const position = query.cursor ? decodeCursor(query.cursor, positionSchema) : undefined;
  // The catalog's names in the same round trip as the first part's rows (reads are pipelined on PostgreSQL).
  const [rows, label] = await Promise.all([
    readSegments(deps, filter, position, query.limit + 1, segmentsFor(query.status)),
    findCatalogLabels(deps.db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    bookings: page.map((r) => toAdminBooking(r, timeZone, label)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor([last.segment, last.session_start ?? "", last.id]) : null,
  };
}
