import { type ExpressionBuilder, sql } from "kysely";
import type { CatalogLabeler } from "../../../shared/catalog-label.js";
import { personName } from "../../../shared/person-name.js";
import { zonedToInstant } from "../../../shared/time.js";
import { inJsonList, jsonList, readCompiled } from "../../db/compiled-statements.js";
import type { Dialect, Executor } from "../../db/database.js";
import type { BookingKind, BookingStatus, Database, TaxDocumentType } from "../../db/schema.js";
import { findCatalogLabels } from "../catalog/index.js";

/**
 * A student's booking with what it is for (slot, workshop or internship) and when, in one shape: what
 * the student's own pages show, read without their account (they are the reader).
 */
export interface StudentSession {
  bookingId: string;
  userId: string;
  kind: BookingKind;
  packageKey: string;
  /** The catalog's name of the package, topic or track. */
  packageLabel: string;
  status: BookingStatus;
  targetId: string;
  title: string;
  startAt: string;
  endAt: string;
  /** The booking's own link wins over the slot's or session's (admins can set either). */
  meetingLink: string | null;
  interviewerName: string | null;
  level: string | null;
  icsSequence: number;
  attendance: string | null;
  amountPaise: number;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** When an admin moved the session after payment (a free cancel until it starts), else null. */
  movedAt: string | null;
  createdAt: string;
  /** A tax invoice or payment receipt was issued for it (every confirmed payment gets one). */
  hasReceipt: boolean;
}

/** A booking's session with its student, for what is sent to them or shown to staff. */
export interface BookingSession extends StudentSession {
  userEmail: string;
  userName: string;
}

/** Which sessions, with their students (a student's own: findStudentSessions). */
export interface SessionFilter {
  bookingId?: string;
  /** Several bookings in one query (a page of the audit log names many). */
  bookingIds?: readonly string[];
  targetId?: string;
  statuses?: readonly BookingStatus[];
}

const DAY_MS = 86_400_000;

/** An internship batch has a date, no time of day: its session starts at midnight there in the platform zone… */
export const batchStartAt = (startDate: string, timeZone: string): string =>
  zonedToInstant(startDate.slice(0, 10), "00:00", timeZone).toISOString();

/** …and ends after its weeks. */
export const batchEndAt = (startAt: string, weeks: number | null): string =>
  new Date(Date.parse(startAt) + Number(weeks ?? 0) * 7 * DAY_MS).toISOString();

/**
 * The id of the slot, workshop or batch a booking sits on when it is of that kind, else null. Joined on
 * it, a booking of another kind asks that table for nothing: joined on `id = target_id and kind = …`,
 * PostgreSQL looked every booking up in every table's index and dropped the rows after (100 of a
 * heavy dashboard's 558 buffers at L; docs/benchmarks.md, Scale, twenty-fifth entry).
 */
const targetOfKind = (kind: BookingKind) =>
  sql<string>`case when ${sql.ref("bookings.kind")} = ${sql.lit(kind)} then ${sql.ref("bookings.target_id")} end`;

/**
 * Every booking joined with the slot, workshop (and its host) or internship it sits on. The code's
 * constants are literals, not parameters: with only the filter's values as parameters, PostgreSQL plans
 * the prepared statement once for every student instead of at each request (0.5 ms of planning per
 * dashboard at L, docs/benchmarks.md, Scale; decision 0434).
 */
function fromBookedSessions(db: Executor) {
  return db
    .selectFrom("bookings")
    .leftJoin("slots", (join) => join.on("slots.id", "=", targetOfKind("mock")))
    .leftJoin("workshops", (join) => join.on("workshops.id", "=", targetOfKind("workshop")))
    .leftJoin("interviewers as hosts", "hosts.id", "workshops.host_interviewer_id")
    .leftJoin("internships", (join) => join.on("internships.id", "=", targetOfKind("internship")));
}

/** …and with the student who booked each. */
function fromSessions(db: Executor) {
  return fromBookedSessions(db)
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id");
}

/** The booking's and its slot's columns that name a session (`sessionOf`). */
const SESSION_BOOKING_COLUMNS = [
  "bookings.id as booking_id",
  "bookings.kind",
  "bookings.package_key",
  "slots.start_at as slot_start",
  "slots.interviewer_name",
] as const;

/** The student's columns that name them (`studentNameOf`). */
const STUDENT_COLUMNS = [
  "user.email as user_email",
  "user.name as user_name",
  "profiles.first_name as profile_first_name",
  "profiles.last_name as profile_last_name",
] as const;

/** The workshop's and internship's columns that name a session (`sessionOf`). */
const SESSION_TARGET_COLUMNS = [
  "workshops.title as workshop_title",
  "workshops.start_at as workshop_start",
  "hosts.name as workshop_host",
  "internships.title as internship_title",
  "internships.start_date as internship_start",
] as const;

/** The booking's state, the session's end and links: what a session shows after what names it. */
const SESSION_STATE_COLUMNS = [
  "bookings.user_id",
  "bookings.status",
  "bookings.target_id",
  "bookings.meeting_link as booking_link",
  "bookings.ics_sequence",
  "bookings.attendance",
  "bookings.amount_paise",
  "bookings.confirmed_at",
  "bookings.cancelled_at",
  "bookings.cancel_reason",
  "bookings.moved_at",
  "bookings.created_at",
  "slots.end_at as slot_end",
  "slots.meeting_link as slot_link",
  "workshops.level as workshop_level",
  "workshops.end_at as workshop_end",
  "workshops.meeting_link as workshop_link",
  "internships.weeks as internship_weeks",
  "internships.meeting_link as internship_link",
] as const;

/** Whether a tax invoice or payment receipt was issued for the booking. */
const hasReceipt = (eb: ExpressionBuilder<Database, "bookings">) =>
  eb
    .exists(
      eb
        .selectFrom("tax_documents")
        .select("tax_documents.id")
        .whereRef("tax_documents.booking_id", "=", "bookings.id")
        .where("tax_documents.type", "in", [sql.lit<TaxDocumentType>("invoice"), sql.lit<TaxDocumentType>("receipt")]),
    )
    .as("has_receipt");

/** Every column a session shows, without its student: a student's own pages (findStudentSessions). */
function selectStudentSessionRows(db: Executor) {
  return fromBookedSessions(db).select([
    ...SESSION_BOOKING_COLUMNS,
    ...SESSION_TARGET_COLUMNS,
    ...SESSION_STATE_COLUMNS,
    hasReceipt,
  ]);
}

/** Every column a session shows, its student's too. */
function selectSessionRows(db: Executor) {
  return fromSessions(db).select([
    ...SESSION_BOOKING_COLUMNS,
    ...STUDENT_COLUMNS,
    ...SESSION_TARGET_COLUMNS,
    ...SESSION_STATE_COLUMNS,
    hasReceipt,
  ]);
}

type StudentSessionRow = Awaited<ReturnType<ReturnType<typeof selectStudentSessionRows>["execute"]>>[number];
type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessionRows>["execute"]>>[number];

/** What names a booking's session (`sessionOf`) and its student (`studentNameOf`). */
type SessionNaming = Pick<
  StudentSessionRow,
  | "kind"
  | "package_key"
  | "slot_start"
  | "interviewer_name"
  | "workshop_title"
  | "workshop_start"
  | "workshop_host"
  | "internship_title"
  | "internship_start"
>;
type StudentNaming = Pick<SessionRow, "user_email" | "user_name" | "profile_first_name" | "profile_last_name">;
type SubjectRow = SessionNaming & StudentNaming & { booking_id: string };

/** A booking's session as a line names it: what, when, with whom, for which student. */
export interface BookingSubject {
  bookingId: string;
  /** The student's name (never an e-mail's user part, docs/product.md, Profile), else the e-mail. */
  student: string;
  title: string;
  startAt: string;
  interviewerName: string | null;
}

/** The session's title, start and interviewer (or workshop host); none when its slot, workshop or internship was deleted. */
function sessionOf(
  row: SessionNaming,
  timeZone: string,
  label: CatalogLabeler,
): Omit<BookingSubject, "bookingId" | "student"> | undefined {
  if (row.kind === "mock" && row.slot_start) {
    const title = `${label(row.package_key)} mock interview`;
    return { title, startAt: row.slot_start, interviewerName: row.interviewer_name };
  }
  if (row.kind === "workshop" && row.workshop_start && row.workshop_title) {
    // The session's host, when the admin chose one (docs/decisions/0190).
    return { title: row.workshop_title, startAt: row.workshop_start, interviewerName: row.workshop_host };
  }
  if (row.kind === "internship" && row.internship_start && row.internship_title) {
    const startAt = batchStartAt(row.internship_start, timeZone);
    return { title: row.internship_title, startAt, interviewerName: null };
  }
  return undefined;
}

/** The student's name; never an e-mail's user part as a person's name (docs/product.md, Profile). */
const studentNameOf = (row: StudentNaming) =>
  personName({
    firstName: row.profile_first_name,
    lastName: row.profile_last_name,
    accountName: row.user_name,
    email: row.user_email,
  });

function subjectOf(row: SubjectRow, timeZone: string, label: CatalogLabeler): BookingSubject | undefined {
  const session = sessionOf(row, timeZone, label);
  return session && { bookingId: row.booking_id, student: studentNameOf(row) || row.user_email, ...session };
}

/**
 * What each of these bookings is for, in the fewest columns: a page of the audit log names up to a
 * hundred bookings and shows only this of them (docs/benchmarks.md, Scale). The bookings with their
 * students and slots in one statement, then the few workshops and internships they name by id: joined
 * in, PostgreSQL's plan for a list of unknown length hashed every workshop at every page (1,200 at L,
 * more each year). A statement per list, whatever its length (inJsonList); a booking whose session was
 * deleted is left out. The caller brings the catalog's names, which it reads anyway for its page.
 */
export async function findBookingSubjects(
  db: Executor,
  timeZone: string,
  bookingIds: readonly string[],
  label: CatalogLabeler,
): Promise<BookingSubject[]> {
  if (bookingIds.length === 0) return [];
  const bookings = await readCompiled(db, "booking subjects", { bookingIds: jsonList(bookingIds) }, (v, dialect) =>
    selectSubjectBookings(db).where(inJsonList("bookings.id", v.bookingIds, dialect)),
  );
  const targets = (kind: BookingKind) => [...new Set(bookings.flatMap((b) => (b.kind === kind ? [b.target_id] : [])))];
  const [workshopIds, internshipIds] = [targets("workshop"), targets("internship")];
  const [workshops, internships] = await Promise.all([
    workshopIds.length === 0
      ? []
      : readCompiled(db, "booking subjects: workshops", { ids: jsonList(workshopIds) }, (v, dialect) =>
          db
            .selectFrom("workshops")
            .leftJoin("interviewers as hosts", "hosts.id", "workshops.host_interviewer_id")
            .select(["workshops.id", "workshops.title", "workshops.start_at", "hosts.name as host"])
            .where(inJsonList("workshops.id", v.ids, dialect)),
        ),
    internshipIds.length === 0
      ? []
      : readCompiled(db, "booking subjects: internships", { ids: jsonList(internshipIds) }, (v, dialect) =>
          db
            .selectFrom("internships")
            .select(["id", "title", "start_date"])
            .where(inJsonList("id", v.ids, dialect)),
        ),
  ]);
  const workshopById = new Map(workshops.map((w) => [w.id, w]));
  const internshipById = new Map(internships.map((i) => [i.id, i]));
  return bookings.flatMap(({ target_id, ...booking }) => {
    const workshop = booking.kind === "workshop" ? workshopById.get(target_id) : undefined;
    const internship = booking.kind === "internship" ? internshipById.get(target_id) : undefined;
    const row: SubjectRow = {
      ...booking,
      workshop_title: workshop?.title ?? null,
      workshop_start: workshop?.start_at ?? null,
      workshop_host: workshop?.host ?? null,
      internship_title: internship?.title ?? null,
      internship_start: internship?.start_date ?? null,
    };
    return subjectOf(row, timeZone, label) ?? [];
  });
}

/** The booking, student and slot columns of `selectSubjectRows`, and what the booking sits on. */
function selectSubjectBookings(db: Executor) {
  return db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.user_id")
    .leftJoin("profiles", "profiles.user_id", "bookings.user_id")
    .leftJoin("slots", (join) => join.on("slots.id", "=", targetOfKind("mock")))
    .select([...SESSION_BOOKING_COLUMNS, ...STUDENT_COLUMNS, "bookings.target_id"]);
}

/** A filter's values; a list of bookings is one JSON parameter (inJsonList), so its length never changes the text. */
type SessionValues = { bookingId?: string; bookingIds?: string; targetId?: string };

/** The code's statuses (typed), literals as the kinds in fromBookedSessions; a quote in one would be escaped. */
const statusLiterals = (statuses: readonly BookingStatus[]) => statuses.map((status) => sql.lit(status));

/**
 * A student's own sessions, newest booking first: their dashboard, export and erasure. Their account is
 * not joined to every row: it cost a third of the statement at 50 bookings on both databases
 * (docs/benchmarks.md, Scale, twenty-fifth entry).
 */
export async function findStudentSessions(
  db: Executor,
  timeZone: string,
  userId: string,
  statuses?: readonly BookingStatus[],
): Promise<StudentSession[]> {
  if (statuses?.length === 0) return [];
  const shape = `student sessions in ${statuses?.join(",") ?? "any"}`;
  // One read of the catalog's names for all the rows (docs/decisions/0400).
  const [rows, label] = await Promise.all([
    readCompiled(db, shape, { userId }, (v) => {
      let query = selectStudentSessionRows(db).where("bookings.user_id", "=", v.userId);
      if (statuses) query = query.where("bookings.status", "in", statusLiterals(statuses));
      return query.orderBy("bookings.created_at", "desc");
    }),
    findCatalogLabels(db),
  ]);
  return rows.flatMap((row) => toStudentSessions(row, timeZone, label));
}

/** Sessions with their students: of a booking, a list of bookings, or a slot, workshop or batch. */
export async function findBookingSessions(
  db: Executor,
  timeZone: string,
  filter: SessionFilter,
): Promise<BookingSession[]> {
  if (filter.bookingIds?.length === 0 || filter.statuses?.length === 0) return [];
  const build = (values: SessionValues, dialect: Dialect) => {
    let query = selectSessionRows(db);
    if (values.bookingId !== undefined) query = query.where("bookings.id", "=", values.bookingId);
    if (values.bookingIds !== undefined) query = query.where(inJsonList("bookings.id", values.bookingIds, dialect));
    if (values.targetId !== undefined) query = query.where("bookings.target_id", "=", values.targetId);
    if (filter.statuses) query = query.where("bookings.status", "in", statusLiterals(filter.statuses));
    return query.orderBy("bookings.created_at", "desc");
  };
  const values: SessionValues = {
    ...(filter.bookingId ? { bookingId: filter.bookingId } : {}),
    ...(filter.bookingIds ? { bookingIds: jsonList(filter.bookingIds) } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
  };
  // Compiled once per filter's shape: which values are given, which statuses (literals in the text).
  const shape = `sessions by ${Object.keys(values).join(",")} in ${filter.statuses?.join(",") ?? "any"}`;
  const [rows, label] = await Promise.all([readCompiled(db, shape, values, build), findCatalogLabels(db)]);
  return rows.flatMap((row) => {
    const userName = studentNameOf(row);
    return toStudentSessions(row, timeZone, label).map((session) => ({
      ...session,
      userEmail: row.user_email,
      userName,
    }));
  });
}

/** One session for a booking, or none when its slot, workshop or internship was deleted. */
function toStudentSessions(row: StudentSessionRow, timeZone: string, label: CatalogLabeler): StudentSession[] {
  const session = sessionOf(row, timeZone, label);
  if (!session) return [];
  const base = {
    bookingId: row.booking_id,
    userId: row.user_id,
    kind: row.kind,
    packageKey: row.package_key,
    packageLabel: label(row.package_key),
    status: row.status,
    targetId: row.target_id,
    icsSequence: row.ics_sequence,
    attendance: row.attendance,
    amountPaise: row.amount_paise,
    confirmedAt: row.confirmed_at,
    cancelledAt: row.cancelled_at,
    movedAt: row.moved_at,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
    hasReceipt: Boolean(row.has_receipt),
    ...session,
  };
  if (row.kind === "mock" && row.slot_end) {
    return [{ ...base, endAt: row.slot_end, meetingLink: row.booking_link ?? row.slot_link, level: null }];
  }
  if (row.kind === "workshop" && row.workshop_end) {
    const meetingLink = row.booking_link ?? row.workshop_link;
    return [{ ...base, endAt: row.workshop_end, meetingLink, level: row.workshop_level }];
  }
  if (row.kind === "internship") {
    const endAt = batchEndAt(session.startAt, row.internship_weeks);
    return [{ ...base, endAt, meetingLink: row.booking_link ?? row.internship_link, level: null }];
  }
  // The slot or workshop has no end: nothing to show or remind about.
  return [];
}

export async function findBookingSession(
  db: Executor,
  timeZone: string,
  bookingId: string,
): Promise<BookingSession | undefined> {
  const [session] = await findBookingSessions(db, timeZone, { bookingId });
  return session;
}
