import { z } from "zod";
import type { CatalogLabeler } from "../../../shared/catalog-label.js";
import { personName } from "../../../shared/person-name.js";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import type { PageQuery } from "../../../shared/schemas/pagination.js";
import { zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeCursor, encodeCursor } from "../../db/keyset-cursor.js";
import { findCatalogLabels } from "../catalog/index.js";
import { batchEndAt, batchStartAt } from "../sessions/index.js";
import { type AdminBookingFilter, findAdminBookingsPage, OPEN_STATUSES, type Segment } from "./repository.js";

type Row = Awaited<ReturnType<typeof findAdminBookingsPage>>[number];

type BatchTimes = { startDate: string; startAt: string; endAt: string };

/**
 * When each internship batch of a page starts and ends, worked out once per batch: a week's page can
 * hold fifty students of the same batch (docs/benchmarks.md, Scale, twenty-fourth entry).
 */
function batchTimesOf(timeZone: string) {
  const known = new Map<string, BatchTimes>();
  return (batch: NonNullable<Row["internship"]>): BatchTimes => {
    let times = known.get(batch.id);
    if (!times) {
      const startAt = batchStartAt(batch.start_date, timeZone);
      times = { startDate: batch.start_date.slice(0, 10), startAt, endAt: batchEndAt(startAt, batch.weeks) };
      known.set(batch.id, times);
    }
    return times;
  };
}

function toAdminBooking(r: Row, label: CatalogLabeler, batchTimes: ReturnType<typeof batchTimesOf>): AdminBookingDto {
  const { booking, student, slot, workshop, internship, payment, certificate } = r;
  const batch = internship?.start_date ? batchTimes(internship) : null;
  return {
    id: booking.id,
    kind: booking.kind,
    status: booking.status,
    packageKey: booking.package_key,
    packageLabel: label(booking.package_key),
    title:
      booking.kind === "mock"
        ? `${label(booking.package_key)} mock with ${slot?.interviewer_name ?? "a deleted slot"}`
        : (workshop?.title ?? internship?.title ?? "Deleted session"),
    startAt: slot?.start_at ?? workshop?.start_at ?? batch?.startAt ?? null,
    startDate: batch?.startDate ?? null,
    endAt: slot?.end_at ?? workshop?.end_at ?? batch?.endAt ?? null,
    certificate: certificate
      ? { code: certificate.code, status: certificate.revoked_at ? ("revoked" as const) : ("valid" as const) }
      : null,
    studentEmail: student?.email ?? "",
    // The profile's name, a real account name, else the address: never the e-mail's user part.
    studentName:
      personName({
        firstName: student?.profile_first_name,
        lastName: student?.profile_last_name,
        accountName: student?.name ?? "",
        email: student?.email ?? "",
      }) ||
      (student?.email ?? ""),
    amountPaise: booking.amount_paise,
    flag: booking.flag,
    attendance: booking.attendance,
    hasScorecard: r.scorecardId !== null,
    payment: payment?.order_id
      ? {
          provider: payment.provider ?? "",
          orderId: payment.order_id,
          paymentId: payment.payment_id,
          status: payment.status ?? "",
          refundId: payment.refund_id,
        }
      : null,
    createdAt: booking.created_at,
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
): Promise<Row[]> {
  const segments = position ? all.slice(all.indexOf(position[0])) : all;
  const rows: Row[] = [];
  for (const segment of segments) {
    const after = position?.[0] === segment ? { sessionStart: position[1], id: position[2] } : undefined;
    if (rows.length >= wanted) break;
    const found = await findAdminBookingsPage(deps.db, { filter, segment, after, limit: wanted - rows.length });
    rows.push(...found);
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
  const batchTimes = batchTimesOf(timeZone);
  return {
    bookings: page.map((r) => toAdminBooking(r, label, batchTimes)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor([last.segment, last.booking.session_start ?? "", last.booking.id])
        : null,
  };
}
