// The data sets of `npm run bench:scale` (scripts/bench-scale.ts) and of the bounded-memory test: a year of a platform, written
// straight into the app's own tables on a migrated database, the same rows the app's own paths
// write, deterministically (one seeded generator, one fixed "now"). Invariants kept: seats within
// capacity, one payment per booking, a receipt for every paid booking and a refund receipt for
// every refunded one with gap-free numbers per series and financial year (and the counters that
// continue them), scorecards only on completed mock interviews, certificates only on completed
// workshops, one confirmation notification per paid booking, one audit entry per session marked.

import { financialYear } from "../../shared/gst.js";
import { scoreAreasFor } from "../../shared/schemas/scorecards.js";
import { zonedDate } from "../../shared/time.js";
import type { Db } from "../db/database.js";
import type { BookingKind, BookingsTable, Database } from "../db/schema.js";
import { formatDocumentNumber } from "../modules/invoices/index.js";

export interface DataSetSize {
  students: number;
  slots: number;
  workshops: number;
  internships: number;
}

/** S stands in for the demo data; M and L are the sizes docs/benchmarks.md reports (Scale). */
export const SIZES: Record<string, DataSetSize> = {
  S: { students: 300, slots: 60, workshops: 4, internships: 2 },
  M: { students: 10_000, slots: 2_000, workshops: 120, internships: 24 },
  L: { students: 100_000, slots: 20_000, workshops: 1_200, internships: 240 },
};

const SLOT_SEATS = 10;
const WORKSHOP_SEATS = 250;
const INTERNSHIP_SEATS = 240;
const FILLED = 0.9;
const DAY = 86_400_000;
const TIME_ZONE = "Asia/Kolkata";
const ADMIN = "admin@example.com";
/** The students whose pages are measured: two bookings, and fifty. */
export const LIGHT_STUDENT = "bench-light@example.com";
export const HEAVY_STUDENT = "bench-heavy@example.com";

/** mulberry32: the same data set from the same seed, on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Ids from their own seeded generator, so a data set has the same ids every time. */
let idSource = random(1);
function randomUUID(): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(idSource() * 4_294_967_296)
      .toString(16)
      .padStart(8, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Session {
  id: string;
  kind: BookingKind;
  packageKey: string;
  startMs: number;
  seats: number;
  pricePaise: number;
}

type Rows = { [T in keyof Database]?: Database[T][] };

/** Inserts rows in batches small enough for both databases' limits on bound values. */
async function insertAll(db: Db, rows: Rows): Promise<void> {
  for (const [table, list] of Object.entries(rows) as [keyof Database, unknown[]][]) {
    for (let i = 0; i < list.length; i += 400) {
      // Rows are typed per table in `Rows`; Kysely cannot tie a table name from a loop to its row type.
      await db
        .insertInto(table)
        .values(list.slice(i, i + 400) as never)
        .execute();
    }
  }
}

function sessionsOf(size: DataSetSize, nowMs: number, next: () => number) {
  const startIn = () => nowMs - 330 * DAY + Math.floor(next() * 360) * DAY + (10 + Math.floor(next() * 10)) * 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = iso(nowMs - 365 * DAY);
  const sessions: Session[] = [];
  const slots = Array.from({ length: size.slots }, (_, i) => {
    const startMs = startIn();
    const packageKey = ["service", "product", "maang"][i % 3] ?? "service";
    sessions.push({ id: randomUUID(), kind: "mock", packageKey, startMs, seats: SLOT_SEATS, pricePaise: 120_000 });
    const id = sessions.at(-1)?.id ?? "";
    return {
      id,
      interviewer_id: null,
      interviewer_name: `Interviewer ${i % 60}`,
      interviewer_email: `interviewer-${i % 60}@example.com`,
      interviewer_phone: "+919000000000",
      details: "Technical and HR rounds",
      start_at: iso(startMs),
      end_at: iso(startMs + 45 * 60_000),
      package_types: JSON.stringify([packageKey]),
      capacity: SLOT_SEATS,
      status: "published",
      meeting_link: null,
      cancelled_at: null,
      created_at: created,
      updated_at: created,
    };
  });
  const workshops = Array.from({ length: size.workshops }, (_, i) => {
    const startMs = startIn();
    const topic = ["ws_resume", "ws_dsa", "ws_systemdesign"][i % 3] ?? "ws_dsa";
    const id = randomUUID();
    sessions.push({ id, kind: "workshop", packageKey: topic, startMs, seats: WORKSHOP_SEATS, pricePaise: 49_900 });
    return {
      id,
      topic_key: topic,
      title: `Workshop ${i}`,
      level: "Intermediate",
      start_at: iso(startMs),
      end_at: iso(startMs + 2 * 3_600_000),
      capacity: WORKSHOP_SEATS,
      status: "published",
      meeting_link: null,
      host_interviewer_id: null,
      capstone_brief: null,
      capstone_due_at: null,
      cancelled_at: null,
      created_at: created,
      updated_at: created,
    };
  });
  const internships = Array.from({ length: size.internships }, (_, i) => {
    const startMs = startIn();
    const id = randomUUID();
    sessions.push({
      id,
      kind: "internship",
      packageKey: "int_frontend",
      startMs,
      seats: INTERNSHIP_SEATS,
      pricePaise: 499_900,
    });
    return {
      id,
      title: `Frontend batch ${i}`,
      mentor: "Mentor",
      start_date: zonedDate(new Date(startMs), TIME_ZONE),
      weeks: 6,
      week_plans: "[]",
      track_key: "int_frontend",
      capacity: INTERNSHIP_SEATS,
      meeting_link: null,
      demo_day_start_at: null,
      demo_day_end_at: null,
      cancelled_at: null,
      created_at: created,
      updated_at: created,
    };
  });
  return { sessions, rows: { slots, workshops, internships } satisfies Rows };
}

interface Student {
  id: string;
  email: string;
  name: string;
}

function studentsOf(size: DataSetSize, dialect: "sqlite" | "postgres", createdIso: string) {
  const emails = [
    LIGHT_STUDENT,
    HEAVY_STUDENT,
    ...Array.from({ length: size.students }, (_, i) => `student-${i}@example.com`),
  ];
  const students: Student[] = emails.map((email, i) => ({ id: randomUUID(), email, name: `Student ${i}` }));
  const rows = {
    user: students.map((s) => ({
      id: s.id,
      name: s.name,
      email: s.email,
      emailVerified: dialect === "sqlite" ? (1 as const) : true,
      image: null,
      createdAt: createdIso,
      updatedAt: createdIso,
    })),
    profiles: students.map((s, i) => ({
      user_id: s.id,
      first_name: "Student",
      last_name: String(i),
      qualification: "B.Tech",
      status: "student",
      phone: `+9190000${String(i).padStart(5, "0")}`,
      phone_verified_at: createdIso,
      completed_at: createdIso,
      updated_at: createdIso,
      state: null,
    })),
  } satisfies Rows;
  return { students, rows };
}

type Outcome = "completed" | "no_show" | "confirmed" | "cancelled" | "expired";

function outcomeOf(session: Session, nowMs: number, r: number): Outcome {
  if (r < 0.05) return "cancelled";
  if (r < 0.07) return "expired";
  if (session.startMs > nowMs || session.kind === "internship") return "confirmed";
  return r < 0.15 ? "no_show" : "completed";
}

/** Numbers every document series gap-free per financial year, in the order documents are issued. */
class DocumentNumbers {
  readonly last = new Map<string, number>();
  next(series: string, issuedIso: string): { number: string; financialYear: string } {
    const fy = financialYear(zonedDate(new Date(issuedIso), TIME_ZONE));
    const n = (this.last.get(`${series} ${fy}`) ?? 0) + 1;
    this.last.set(`${series} ${fy}`, n);
    return { number: formatDocumentNumber(series, fy, n), financialYear: fy };
  }
}

/** One booking and everything the app writes with it, by its outcome. */
function bookingRows(
  session: Session,
  seat: { student: Student; index: number; outcome: Outcome; nowMs: number },
  numbers: DocumentNumbers,
) {
  const { student, outcome } = seat;
  const iso = (ms: number) => new Date(ms).toISOString();
  // Booked three days ahead; a session still to come was booked over the last weeks, never after "now".
  const ahead = session.startMs - 3 * DAY;
  const spread = (1 + (Math.floor(session.startMs / DAY) % 25)) * DAY;
  const createdMs = (ahead < seat.nowMs - DAY ? ahead : seat.nowMs - spread) + seat.index * 10_000;
  const paid = outcome !== "expired";
  const confirmedIso = paid ? iso(createdMs + 4 * 60_000) : null;
  const cancelledIso = outcome === "cancelled" ? iso(createdMs + DAY / 2) : null;
  const booking: BookingsTable = {
    id: randomUUID(),
    domain: null,
    user_id: student.id,
    kind: session.kind,
    target_id: session.id,
    package_key: session.packageKey,
    status: outcome,
    amount_paise: session.pricePaise,
    seat_expires_at: null,
    meeting_link: null,
    ics_sequence: 0,
    attendance: outcome === "completed" ? "attended" : outcome === "no_show" ? "no_show" : null,
    flag: null,
    confirmed_at: confirmedIso,
    cancelled_at: cancelledIso,
    cancel_reason: cancelledIso ? "Student cancelled" : null,
    moved_at: null,
    created_at: iso(createdMs),
    updated_at: cancelledIso ?? confirmedIso ?? iso(createdMs),
  };
  const payment = {
    id: randomUUID(),
    booking_id: booking.id,
    provider: "razorpay",
    order_id: `order_${booking.id.replaceAll("-", "").slice(0, 14)}`,
    payment_id: paid ? `pay_${booking.id.replaceAll("-", "").slice(0, 14)}` : null,
    amount_paise: session.pricePaise,
    currency: "INR",
    status: outcome === "cancelled" ? ("refunded" as const) : paid ? ("paid" as const) : ("created" as const),
    refund_id: outcome === "cancelled" ? `rfnd_${booking.id.replaceAll("-", "").slice(0, 14)}` : null,
    created_at: booking.created_at,
    updated_at: booking.updated_at,
  };
  const documents = paid && confirmedIso ? taxDocuments(booking, payment.id, student, numbers) : [];
  return { booking, payment, documents };
}

function taxDocuments(booking: BookingsTable, paymentId: string, student: Student, numbers: DocumentNumbers) {
  const issuedIso = booking.confirmed_at ?? booking.created_at;
  const sale = numbers.next("CPR", issuedIso);
  const receipt = {
    id: randomUUID(),
    type: "receipt" as const,
    number: sale.number,
    financial_year: sale.financialYear,
    booking_id: booking.id,
    payment_id: paymentId,
    original_id: null,
    issued_at: issuedIso,
    buyer_user_id: booking.user_id,
    buyer_name: student.name,
    buyer_email: student.email,
    buyer_state: null,
    place_of_supply: null,
    supplier_name: "CareerPrep",
    supplier_address: "",
    supplier_gstin: null,
    description: `${booking.package_key} (${booking.kind})`,
    sac: "999293",
    list_price_paise: booking.amount_paise,
    discount_paise: 0,
    total_paise: booking.amount_paise,
    taxable_paise: booking.amount_paise,
    cgst_paise: 0,
    sgst_paise: 0,
    igst_paise: 0,
  };
  if (!booking.cancelled_at) return [receipt];
  const { number, financialYear: fy } = numbers.next("CPRF", booking.cancelled_at);
  const refund = { ...receipt, id: randomUUID(), type: "refund_receipt" as const, number, financial_year: fy };
  return [receipt, { ...refund, original_id: receipt.id, issued_at: booking.cancelled_at }];
}

/** What follows a booking: its hold, the confirmation, the session's mark, scorecard and certificate. */
function followUps(booking: BookingsTable, session: Session, student: Student) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const endIso = iso(session.startMs + 3_600_000);
  const holdLog = {
    id: randomUUID(),
    user_id: booking.user_id,
    kind: booking.kind,
    target_id: booking.target_id,
    package_key: booking.package_key,
    created_at: iso(Date.parse(booking.created_at) - 120_000),
  };
  const notifications = booking.confirmed_at
    ? [note(booking, "booking_confirmed", "Booking confirmed", booking.confirmed_at)]
    : [];
  const marked = booking.status === "completed" || booking.status === "no_show";
  const audit = marked
    ? [
        {
          id: randomUUID(),
          actor_email: ADMIN,
          action: "update",
          entity: "booking",
          entity_id: booking.id,
          before: JSON.stringify({ status: "confirmed" }),
          after: JSON.stringify({ status: booking.status }),
          created_at: endIso,
        },
      ]
    : [];
  const completedMock = booking.status === "completed" && booking.kind === "mock";
  const scorecards = completedMock
    ? [
        {
          id: randomUUID(),
          booking_id: booking.id,
          // A score for each area of the plan's rounds, as the interviewer's form saves them (1–5, whole).
          scores: JSON.stringify(
            Object.fromEntries(
              scoreAreasFor(booking.package_key).map((area, i) => [
                area,
                3 + ((Date.parse(booking.created_at) + i) % 3),
              ]),
            ),
          ),
          overall: 3 + (Date.parse(booking.created_at) % 3),
          tags: "[]",
          notes: "Clear structure; practise edge cases.",
          recording_url: null,
          created_by: ADMIN,
          created_at: endIso,
          updated_at: endIso,
        },
      ]
    : [];
  if (completedMock) notifications.push(note(booking, "feedback_ready", "Your feedback is ready", endIso));
  const certificates =
    booking.status === "completed" && booking.kind === "workshop"
      ? [
          {
            id: randomUUID(),
            code: randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase(),
            user_id: booking.user_id,
            booking_id: booking.id,
            kind: booking.kind,
            recipient_name: student.name,
            title: "Workshop attendance",
            issued_at: endIso,
            revoked_at: null,
          },
        ]
      : [];
  return { holdLog, notifications, audit, scorecards, certificates };
}

function note(booking: BookingsTable, type: string, title: string, at: string) {
  return {
    id: randomUUID(),
    user_id: booking.user_id,
    type,
    title,
    body: `${booking.package_key}: ${title.toLowerCase()}.`,
    link: "/dashboard",
    read_at: null,
    created_at: at,
  };
}

/** The bookings of one session: its filled seats, the two measured students placed first. */
function seatsOf(session: Session, pick: () => Student, reserved: Student[]): Student[] {
  const filled = Math.floor(session.seats * FILLED);
  return Array.from({ length: filled }, (_, seat) => reserved[seat] ?? pick());
}

/**
 * Writes a data set into a migrated, empty database and returns its counts. `nowMs` fixes "today"
 * so the same seed gives the same rows; sessions run from 330 days before it to 30 days after.
 */
export async function generateDataSet(
  db: Db,
  dialect: "sqlite" | "postgres",
  size: DataSetSize,
  nowMs: number,
): Promise<{ bookings: number; users: number }> {
  const next = random(29);
  idSource = random(1);
  const createdIso = new Date(nowMs - 366 * DAY).toISOString();
  const { students, rows: people } = studentsOf(size, dialect, createdIso);
  await insertAll(db, people);
  await insertAll(db, { admins: [{ email: ADMIN, added_by: null, created_at: createdIso }] });
  const { sessions, rows: sessionRows } = sessionsOf(size, nowMs, next);
  await insertAll(db, sessionRows);
  sessions.sort((a, b) => a.startMs - b.startMs);
  const [light, heavy, ...others] = students as [Student, Student, ...Student[]];
  const pick = () => others[Math.floor(next() * others.length)] as Student;
  const mocks = sessions.filter((s) => s.kind === "mock" && s.startMs < nowMs);
  const reservedFor = new Map<Session, Student[]>(mocks.slice(-50).map((s) => [s, [heavy]]));
  for (const s of mocks.slice(-52, -50)) reservedFor.set(s, [light]);
  const numbers = new DocumentNumbers();
  let bookings = 0;
  let batch: Rows = {};
  for (const session of sessions) {
    for (const [seat, student] of seatsOf(session, pick, reservedFor.get(session) ?? []).entries()) {
      const outcome = reservedFor.has(session) && seat === 0 ? "completed" : outcomeOf(session, nowMs, next());
      const rows = bookingRows(session, { student, index: seat, outcome, nowMs }, numbers);
      const more = followUps(rows.booking, session, student);
      // The hold is written before its booking, as the app writes them: the booking's insert marks
      // the hold's outcome (migration 0434).
      for (const [table, list] of Object.entries({
        hold_log: [more.holdLog],
        bookings: [rows.booking],
        payments: [rows.payment],
        tax_documents: rows.documents,
        notifications: more.notifications,
        audit_log: more.audit,
        scorecards: more.scorecards,
        certificates: more.certificates,
      })) {
        const key = table as keyof Database;
        const pending = (batch[key] ?? []) as unknown[];
        pending.push(...list);
        batch[key] = pending as never;
      }
      bookings += 1;
    }
    if ((batch.bookings?.length ?? 0) >= 4_000) {
      await insertAll(db, batch);
      batch = {};
    }
  }
  await insertAll(db, batch);
  await writeCounters(db, numbers);
  return { bookings, users: students.length + 1 };
}

/** The counters continue each series where the generated documents end, as the app's would. */
async function writeCounters(db: Db, numbers: DocumentNumbers): Promise<void> {
  const counters = [...numbers.last].map(([key, last_number]) => {
    const [series = "", financial_year = ""] = key.split(" ");
    return { series, financial_year, last_number };
  });
  await insertAll(db, { document_counters: counters });
}
