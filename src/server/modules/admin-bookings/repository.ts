import { type Compilable, type ExpressionBuilder, sql } from "kysely";
import { inJsonList, jsonList, readCompiled } from "../../db/compiled-statements.js";
import type { Db, Dialect } from "../../db/database.js";
import type { BookingKind, BookingStatus, Database } from "../../db/schema.js";

export interface AdminBookingFilter {
  kind?: BookingKind | undefined;
  status?: string | undefined;
  /** Platform-zone dates of the session, both included, already turned into instants where timed. */
  from?: { date: string; instant: string } | undefined;
  to?: { date: string; instant: string } | undefined;
}

/** Open bookings (paid and not yet marked, or a checkout under way) come first in the console. */
export const OPEN_STATUSES = ["confirmed", "pending_payment"] as const;

/** The two parts of the list: open soonest first, then settled latest first. */
export type Segment = "open" | "settled";

/** Where the previous page ended: its last row's session start and id. */
export interface SegmentPosition {
  sessionStart: string;
  id: string;
}

/**
 * One page of a segment, with student, session, payment, scorecard and certificate. The page is
 * read from bookings alone, in the order of an index on the session start (migration 0322), so a
 * page costs its own rows; what it shows of other tables is then looked up by id. One statement
 * joining the nine tables cost PostgreSQL 30–150 ms to plan at any size (it weighs every order of
 * the joins), and when a filter's estimate was low it joined a whole week before sorting
 * (docs/benchmarks.md, Scale).
 */
export async function findAdminBookingsPage(db: Db, page: PageOfBookings) {
  const bookings = await readPageOfBookings(db, page);
  if (bookings.length === 0) return [];
  const shown = await findShownWith(db, bookings);
  // Each row points at what it shows, copying nothing: a page's fifty rows are read once more, by the answer.
  return bookings.map((booking) => ({
    segment: page.segment,
    booking,
    student: shown.students.get(booking.user_id),
    slot: shown.slots.get(booking.target_id),
    workshop: shown.workshops.get(booking.target_id),
    internship: shown.internships.get(booking.target_id),
    payment: shown.payments.get(booking.id),
    certificate: shown.certificates.get(booking.id),
    scorecardId: shown.scorecards.get(booking.id) ?? null,
  }));
}

type PageOfBookings = {
  filter: AdminBookingFilter;
  segment: Segment;
  after: SegmentPosition | undefined;
  limit: number;
};

/** The page's bookings alone, compiled once per segment and filters given (compiled-statements.ts). */
function readPageOfBookings(db: Db, page: PageOfBookings) {
  const { filter, segment, after, limit } = page;
  const ascending = segment === "open";
  const values = {
    limit,
    ...(after ? { afterStart: after.sessionStart, afterId: after.id } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.from
      ? { fromWidest: widestFrom(filter.from), fromDate: filter.from.date, fromInstant: filter.from.instant }
      : {}),
    ...(filter.to ? { toWidest: widestTo(filter.to), toDate: filter.to.date, toInstant: filter.to.instant } : {}),
  };
  return readCompiled(db, `admin bookings ${segment} ${Object.keys(values).join(",")}`, values, (v) => {
    let query = db
      .selectFrom("bookings")
      .select([
        "id",
        "user_id",
        "target_id",
        "kind",
        "status",
        "package_key",
        "amount_paise",
        "flag",
        "attendance",
        "created_at",
        "session_start",
      ])
      // Literal statuses: a partial index is used only when the query names its condition's values.
      .where(
        "bookings.status",
        segment === "open" ? "in" : "not in",
        OPEN_STATUSES.map((status) => sql.lit(status)),
      )
      .orderBy("bookings.session_start", ascending ? "asc" : "desc")
      .orderBy("bookings.id", ascending ? "asc" : "desc")
      .limit(v.limit);
    if (v.afterStart !== undefined && v.afterId !== undefined) {
      const [afterStart, afterId] = [v.afterStart, v.afterId];
      query = query.where((eb) =>
        eb(eb.refTuple("bookings.session_start", "bookings.id"), ascending ? ">" : "<", eb.tuple(afterStart, afterId)),
      );
    }
    if (v.kind !== undefined) query = query.where("bookings.kind", "=", v.kind);
    if (v.status !== undefined) query = query.where("bookings.status", "=", v.status as BookingStatus);
    if (v.fromWidest !== undefined) {
      const from = { widest: v.fromWidest, date: v.fromDate ?? "", instant: v.fromInstant ?? "" };
      query = query.where((eb) => sessionStartsFrom(eb, from));
    }
    if (v.toWidest !== undefined) {
      const to = { widest: v.toWidest, date: v.toDate ?? "", instant: v.toInstant ?? "" };
      query = query.where((eb) => sessionStartsBy(eb, to));
    }
    return query;
  });
}

type PageRow = { id: string; user_id: string; target_id: string; kind: BookingKind };

/** The ids each lookup asks for, as one parameter each. */
function lookupLists(bookings: PageRow[]) {
  const ofKind = (kinds: readonly BookingKind[], id: (b: PageRow) => string) =>
    jsonList([...new Set(bookings.filter((b) => kinds.includes(b.kind)).map(id))]);
  return {
    ids: jsonList(bookings.map((b) => b.id)),
    userIds: jsonList([...new Set(bookings.map((b) => b.user_id))]),
    slotIds: ofKind(["mock"], (b) => b.target_id),
    workshopIds: ofKind(["workshop"], (b) => b.target_id),
    internshipIds: ofKind(["internship"], (b) => b.target_id),
    mockIds: ofKind(["mock"], (b) => b.id),
    certifiedIds: ofKind(["workshop", "internship"], (b) => b.id),
  };
}

const NO_IDS = jsonList([]);

/** The rows of one lookup, or none without a statement when its list is empty. */
async function lookUp<O>(
  db: Db,
  name: string,
  list: string,
  build: (list: string, dialect: Dialect) => Compilable<O>,
): Promise<O[]> {
  if (list === NO_IDS) return [];
  return readCompiled(db, `admin bookings: ${name}`, { list }, (v, dialect) => build(v.list, dialect));
}

/**
 * What a page of bookings shows of their students, sessions, payments, scorecards and certificates,
 * by id: each list of ids one parameter, so the statements compile once and are prepared on
 * PostgreSQL whatever the page holds. Each table is asked only for the bookings that can have a row
 * there: a mock's session is a slot, a workshop's a workshop, an internship's a batch; scorecards are
 * written for mocks only and certificates never for them (scorecards/service.ts,
 * certificates/service.ts). A page of one kind sends four or five statements, not seven: every id
 * looked up costs PostgreSQL an index probe (docs/benchmarks.md, Scale, twenty-second entry).
 */
async function findShownWith(db: Db, bookings: PageRow[]) {
  const lists = lookupLists(bookings);
  const read = <O>(
    name: string,
    list: keyof typeof lists,
    build: (list: string, dialect: Dialect) => Compilable<O>,
  ): Promise<O[]> => lookUp(db, name, lists[list], build);
  const byKey = <K extends string, T extends Record<K, string>>(rows: T[], key: K) =>
    new Map(rows.map((row) => [row[key], row]));
  const [students, slots, workshops, internships, payments, scorecards, certificates] = await Promise.all([
    read("students", "userIds", (list, dialect) =>
      db
        .selectFrom("user")
        .leftJoin("profiles", "profiles.user_id", "user.id")
        .select([
          "user.id",
          "user.email",
          "user.name",
          "profiles.first_name as profile_first_name",
          "profiles.last_name as profile_last_name",
        ])
        .where(inJsonList("user.id", list, dialect)),
    ),
    read("slots", "slotIds", (list, dialect) =>
      db
        .selectFrom("slots")
        .select(["id", "interviewer_name", "start_at", "end_at"])
        .where(inJsonList("id", list, dialect)),
    ),
    read("workshops", "workshopIds", (list, dialect) =>
      db
        .selectFrom("workshops")
        .select(["id", "title", "start_at", "end_at"])
        .where(inJsonList("id", list, dialect)),
    ),
    read("internships", "internshipIds", (list, dialect) =>
      db
        .selectFrom("internships")
        .select(["id", "title", "start_date", "weeks"])
        .where(inJsonList("id", list, dialect)),
    ),
    read("payments", "ids", (list, dialect) =>
      db
        .selectFrom("payments")
        .select(["booking_id", "provider", "order_id", "payment_id", "status", "refund_id"])
        .where(inJsonList("booking_id", list, dialect)),
    ),
    read("scorecards", "mockIds", (list, dialect) =>
      db
        .selectFrom("scorecards")
        .select(["booking_id", "id"])
        .where(inJsonList("booking_id", list, dialect)),
    ),
    read("certificates", "certifiedIds", (list, dialect) =>
      db
        .selectFrom("certificates")
        .select(["booking_id", "code", "revoked_at"])
        .where(inJsonList("booking_id", list, dialect)),
    ),
  ]);
  return {
    students: byKey(students, "id"),
    slots: byKey(slots, "id"),
    workshops: byKey(workshops, "id"),
    internships: byKey(internships, "id"),
    payments: byKey(payments, "booking_id"),
    scorecards: new Map(scorecards.map((s) => [s.booking_id, s.id])),
    certificates: byKey(certificates, "booking_id"),
  };
}

type Bound = { date: string; instant: string };
type Where = ExpressionBuilder<Database, "bookings">;

/**
 * An internship's session start is its date, the others' an instant; each is compared with its
 * own kind of bound, and the wider of the two keeps the index's range (dates sort before the
 * instants of the same day). The wider is chosen here, outside the compiled statement: it is a value.
 */
const widestFrom = (from: Bound) => [from.date, from.instant].sort()[0] ?? from.instant;
const widestTo = (to: Bound) => [to.date, to.instant].sort().at(-1) ?? to.instant;

function sessionStartsFrom(eb: Where, from: Bound & { widest: string }) {
  return eb.and([
    eb("bookings.session_start", ">=", from.widest),
    eb.or([
      eb.and([eb("bookings.kind", "=", "internship"), eb("bookings.session_start", ">=", from.date)]),
      eb.and([eb("bookings.kind", "!=", "internship"), eb("bookings.session_start", ">=", from.instant)]),
    ]),
  ]);
}

function sessionStartsBy(eb: Where, to: Bound & { widest: string }) {
  return eb.and([
    eb("bookings.session_start", "<=", to.widest),
    eb.or([
      eb.and([eb("bookings.kind", "=", "internship"), eb("bookings.session_start", "<=", to.date)]),
      eb.and([eb("bookings.kind", "!=", "internship"), eb("bookings.session_start", "<=", to.instant)]),
    ]),
  ]);
}
