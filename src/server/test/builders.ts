import { randomUUID } from "node:crypto";
import { DOMAINS } from "../../shared/constants.js";
import type { Db } from "../db/database.js";
import type {
  BookingsTable,
  CertificatesTable,
  InternshipsTable,
  InterviewersTable,
  ProfilesTable,
  ScorecardsTable,
  SlotsTable,
  WorkshopsTable,
} from "../db/schema.js";

/**
 * Small builders that insert one row with sensible defaults; pass overrides for what a test is
 * about. They write straight to the database, so a test can set up state its API would refuse
 * (a past slot, an expired hold) without waiting.
 */

const now = () => new Date().toISOString();
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
let phoneCounter = 0;

export async function buildInterviewer(db: Db, overrides: Partial<InterviewersTable> = {}): Promise<InterviewersTable> {
  phoneCounter += 1;
  const phone =
    overrides.phone ?? `+9190${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter).padStart(2, "0")}`;
  const row: InterviewersTable = {
    id: randomUUID(),
    name: "Test Interviewer",
    email: `interviewer-${randomUUID().slice(0, 8)}@example.com`,
    phone,
    phone_key: phone.replace(/\D/g, ""),
    qualification: "Senior Engineer",
    company_types: JSON.stringify(["service"]),
    domains: JSON.stringify(DOMAINS),
    reviewed_by: "Panel",
    active: 1,
    mentor_track: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await db.insertInto("interviewers").values(row).execute();
  return row;
}

export async function buildSlot(db: Db, overrides: Partial<SlotsTable> = {}): Promise<SlotsTable> {
  const row: SlotsTable = {
    id: randomUUID(),
    interviewer_id: null,
    interviewer_name: "Test Interviewer",
    interviewer_email: "interviewer@example.com",
    interviewer_phone: "+919000000000",
    details: "Technical and HR rounds",
    start_at: inHours(48),
    end_at: inHours(48.75),
    package_types: JSON.stringify(["service"]),
    capacity: 1,
    status: "published",
    meeting_link: null,
    cancelled_at: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await db.insertInto("slots").values(row).execute();
  return row;
}

export async function buildWorkshop(db: Db, overrides: Partial<WorkshopsTable> = {}): Promise<WorkshopsTable> {
  const row: WorkshopsTable = {
    id: randomUUID(),
    topic_key: "ws_dsa",
    title: "DSA patterns",
    level: "Intermediate",
    start_at: inHours(72),
    end_at: inHours(74),
    capacity: 20,
    status: "published",
    meeting_link: null,
    host_interviewer_id: null,
    capstone_brief: null,
    capstone_due_at: null,
    cancelled_at: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await db.insertInto("workshops").values(row).execute();
  return row;
}

export async function buildInternship(db: Db, overrides: Partial<InternshipsTable> = {}): Promise<InternshipsTable> {
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const row: InternshipsTable = {
    id: randomUUID(),
    title: "Frontend Engineering Internship",
    mentor: "Ananya Iyer",
    start_date: start,
    weeks: 2,
    week_plans: JSON.stringify([
      { title: "Setup", deliverables: "Repository and tooling" },
      { title: "Build", deliverables: "First feature" },
    ]),
    track_key: "int_frontend",
    capacity: 30,
    meeting_link: null,
    cancelled_at: null,
    demo_day_start_at: null,
    demo_day_end_at: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await db.insertInto("internships").values(row).execute();
  return row;
}

export async function buildBooking(
  db: Db,
  overrides: Partial<BookingsTable> & Pick<BookingsTable, "user_id" | "target_id">,
): Promise<BookingsTable> {
  const row: BookingsTable = {
    id: randomUUID(),
    kind: "mock",
    package_key: "service",
    domain: null,
    status: "confirmed",
    amount_paise: 120_000,
    seat_expires_at: null,
    meeting_link: null,
    ics_sequence: 0,
    attendance: null,
    flag: null,
    confirmed_at: now(),
    cancelled_at: null,
    cancel_reason: null,
    moved_at: null,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  };
  await db.insertInto("bookings").values(row).execute();
  return row;
}

/** The better-auth user id behind an e-mail (after `signIn`). */
export async function findUserId(db: Db, email: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A finished profile whose phone was verified by code, as a returning student has. */
export async function buildCompletedProfile(
  db: Db,
  userId: string,
  overrides: Partial<ProfilesTable> = {},
): Promise<ProfilesTable> {
  const row: ProfilesTable = {
    user_id: userId,
    first_name: "Asha",
    last_name: "Rao",
    qualification: "B.Tech CSE, 2026",
    status: "inprogress",
    phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    phone_verified_at: now(),
    completed_at: now(),
    updated_at: now(),
    state: null,
    ...overrides,
  };
  await db.insertInto("profiles").values(row).execute();
  await db
    .insertInto("otp_codes")
    .values({
      id: randomUUID(),
      user_id: userId,
      phone: row.phone,
      code_hash: "used",
      attempts: 0,
      expires_at: now(),
      consumed_at: now(),
      created_at: now(),
    })
    .execute();
  await db
    .updateTable("user")
    .set({ name: `${row.first_name} ${row.last_name}` })
    .where("id", "=", userId)
    .execute();
  return row;
}

/** The application a student fills before an internship seat can be held (docs/product.md, Internship programme). */
export async function buildApplication(db: Db, userId: string, internshipId: string): Promise<void> {
  await db
    .insertInto("internship_applications")
    .values({
      id: randomUUID(),
      user_id: userId,
      internship_id: internshipId,
      college: "Test College",
      year_of_study: "3rd year",
      graduation_year: 2027,
      motivation: "To learn by building",
      project_url: "https://github.com/test",
      created_at: now(),
      updated_at: now(),
    })
    .onConflict((oc) => oc.columns(["user_id", "internship_id"]).doNothing())
    .execute();
}

/** A scorecard on a booking, saved now unless `created_at` says when (an admin's save goes through the API). */
export async function buildScorecard(
  db: Db,
  bookingId: string,
  overrides: Partial<ScorecardsTable> = {},
): Promise<ScorecardsTable> {
  const at = overrides.created_at ?? now();
  const row: ScorecardsTable = {
    id: randomUUID(),
    booking_id: bookingId,
    scores: "{}",
    overall: 4,
    tags: "[]",
    notes: "",
    recording_url: null,
    created_by: "admin@example.com",
    created_at: at,
    updated_at: at,
    ...overrides,
  };
  await db.insertInto("scorecards").values(row).execute();
  return row;
}

/** A valid certificate of a booking, issued now; `code` is the one a test looks for. */
export async function buildCertificate(
  db: Db,
  booking: { id: string; user_id: string },
  overrides: Partial<CertificatesTable> & { code: string },
): Promise<CertificatesTable> {
  const row: CertificatesTable = {
    id: randomUUID(),
    user_id: booking.user_id,
    booking_id: booking.id,
    kind: "workshop",
    recipient_name: "Test Student",
    title: "Resume clinic",
    award: "attendance",
    details: null,
    issued_at: now(),
    revoked_at: null,
    ...overrides,
  };
  await db.insertInto("certificates").values(row).execute();
  return row;
}
