import { CATALOG_LABELS, type CatalogKey } from "../../../shared/constants.js";
import { personName } from "../../../shared/person-name.js";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import { zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { type AdminBookingFilter, findAdminBookings } from "./repository.js";

const DAY_MS = 86_400_000;
type Row = Awaited<ReturnType<typeof findAdminBookings>>[number];

/** Bookings an admin still acts on: paid and not yet marked, or a checkout under way. */
const OPEN = new Set(["confirmed", "pending_payment"]);

/**
 * Soonest needing action first (docs/admin.md, Bookings): open bookings by session time, earliest
 * first (a past session still to be marked comes before tomorrow's), then the settled ones, latest
 * session first.
 */
function sortForAction<B extends { status: string; startAt: string | null }>(bookings: B[], nowIso: string): B[] {
  const at = (b: B) => (b.startAt ? Date.parse(b.startAt) : Number.POSITIVE_INFINITY);
  const open = bookings.filter((b) => OPEN.has(b.status)).sort((a, b) => at(a) - at(b));
  const settled = bookings
    .filter((b) => !OPEN.has(b.status))
    .sort((a, b) => (b.startAt ?? nowIso).localeCompare(a.startAt ?? nowIso));
  return [...open, ...settled];
}

function toAdminBooking(r: Row, timeZone: string): AdminBookingDto {
  const internshipStart = r.internship_start
    ? zonedToInstant(r.internship_start.slice(0, 10), "00:00", timeZone).toISOString()
    : null;
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    packageKey: r.package_key,
    title:
      r.kind === "mock"
        ? `${CATALOG_LABELS[r.package_key as CatalogKey] ?? r.package_key} mock with ${r.interviewer_name ?? "a deleted slot"}`
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

/** The bookings list of the console, soonest needing action first. */
export async function listAdminBookings(
  deps: AppDeps,
  query: { kind?: AdminBookingFilter["kind"]; status?: string; from?: string; to?: string },
): Promise<AdminBookingDto[]> {
  const { timeZone } = deps.config;
  const rows = await findAdminBookings(deps.db, {
    kind: query.kind,
    status: query.status,
    from: query.from
      ? { date: query.from, instant: zonedToInstant(query.from, "00:00", timeZone).toISOString() }
      : undefined,
    to: query.to ? { date: query.to, instant: zonedToInstant(query.to, "23:59", timeZone).toISOString() } : undefined,
  });
  return sortForAction(
    rows.map((r) => toAdminBooking(r, timeZone)),
    new Date().toISOString(),
  );
}
