import { type Dialect, type Executor, forUpdate } from "../../db/database.js";
import type {
  InternshipApplicationsTable,
  OnboardingCallsTable,
  ProgrammeEnrolmentsTable,
  StandupsTable,
} from "../../db/schema.js";

/** Bookings that keep their place in a programme: paid, and not cancelled or refunded. */
const ENROLLED_STATUSES = ["confirmed", "completed"] as const;

export function findApplication(db: Executor, userId: string, internshipId: string) {
  return db
    .selectFrom("internship_applications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("internship_id", "=", internshipId)
    .executeTakeFirst();
}

export async function saveApplication(db: Executor, row: InternshipApplicationsTable): Promise<void> {
  await db
    .insertInto("internship_applications")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["user_id", "internship_id"]).doUpdateSet({
        college: row.college,
        year_of_study: row.year_of_study,
        graduation_year: row.graduation_year,
        motivation: row.motivation,
        project_url: row.project_url,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export function findEnrolment(db: Executor, bookingId: string) {
  return db.selectFrom("programme_enrolments").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

export async function insertEnrolment(db: Executor, row: ProgrammeEnrolmentsTable): Promise<void> {
  await db
    .insertInto("programme_enrolments")
    .values(row)
    .onConflict((oc) => oc.column("booking_id").doNothing())
    .execute();
}

export async function updateEnrolment(
  db: Executor,
  bookingId: string,
  change: Partial<Pick<ProgrammeEnrolmentsTable, "mentor_id" | "demo_attended_at">>,
): Promise<void> {
  await db.updateTable("programme_enrolments").set(change).where("booking_id", "=", bookingId).execute();
}

/** The internship row, locked on PostgreSQL: matches into one batch are decided one at a time. */
export function lockBatch(db: Executor, dialect: Dialect, internshipId: string) {
  return forUpdate(dialect, db.selectFrom("internships").selectAll().where("id", "=", internshipId)).executeTakeFirst();
}

export function findBatch(db: Executor, internshipId: string) {
  return db.selectFrom("internships").selectAll().where("id", "=", internshipId).executeTakeFirst();
}

/** Active mentors of a track with how many enrolled students of this batch each has, fewest first. */
export function findMentorLoads(db: Executor, track: string, internshipId: string) {
  return db
    .selectFrom("interviewers")
    .leftJoin("programme_enrolments as e", (join) =>
      join.onRef("e.mentor_id", "=", "interviewers.id").on("e.internship_id", "=", internshipId),
    )
    .leftJoin("bookings as b", (join) =>
      join.onRef("b.id", "=", "e.booking_id").on("b.status", "in", ENROLLED_STATUSES),
    )
    .select(["interviewers.id", "interviewers.name", (eb) => eb.fn.count<number>("b.id").as("students")])
    .where("interviewers.mentor_track", "=", track)
    .where("interviewers.active", "=", 1)
    .groupBy(["interviewers.id", "interviewers.name"])
    .orderBy("students")
    .orderBy("interviewers.name")
    .orderBy("interviewers.id")
    .execute();
}

export function findInterviewer(db: Executor, id: string) {
  return db.selectFrom("interviewers").selectAll().where("id", "=", id).executeTakeFirst();
}

export function lockInterviewer(db: Executor, dialect: Dialect, id: string) {
  return forUpdate(dialect, db.selectFrom("interviewers").selectAll().where("id", "=", id)).executeTakeFirst();
}

export async function setMentorTrack(db: Executor, id: string, track: string | null, now: string): Promise<void> {
  await db.updateTable("interviewers").set({ mentor_track: track, updated_at: now }).where("id", "=", id).execute();
}

export function findCallOfBooking(db: Executor, bookingId: string) {
  return db.selectFrom("onboarding_calls").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();
}

export async function insertCall(db: Executor, row: OnboardingCallsTable): Promise<void> {
  await db.insertInto("onboarding_calls").values(row).execute();
}

/** Everything that keeps a mentor busy between two instants: their calls, booked slots and hosted workshops. */
export async function findBusyTimes(db: Executor, mentorId: string, fromIso: string, toIso: string) {
  const within = <T extends { start_at: string; end_at: string }>(rows: T[]) =>
    rows.map((r) => ({ startAt: r.start_at, endAt: r.end_at }));
  const [calls, slots, workshops] = await Promise.all([
    db
      .selectFrom("onboarding_calls")
      .select(["start_at", "end_at"])
      .where("mentor_id", "=", mentorId)
      .where("end_at", ">", fromIso)
      .where("start_at", "<", toIso)
      .execute(),
    db
      .selectFrom("slots")
      .select(["start_at", "end_at"])
      .where("interviewer_id", "=", mentorId)
      .where("cancelled_at", "is", null)
      .where("end_at", ">", fromIso)
      .where("start_at", "<", toIso)
      .execute(),
    db
      .selectFrom("workshops")
      .select(["start_at", "end_at"])
      .where("host_interviewer_id", "=", mentorId)
      .where("cancelled_at", "is", null)
      .where("end_at", ">", fromIso)
      .where("start_at", "<", toIso)
      .execute(),
  ]);
  return [...within(calls), ...within(slots), ...within(workshops)];
}

export async function insertStandup(db: Executor, row: StandupsTable): Promise<void> {
  await db.insertInto("standups").values(row).execute();
}

export function findStandupsOfBooking(db: Executor, bookingId: string) {
  return db
    .selectFrom("standups")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export async function hasStandupInWeek(db: Executor, bookingId: string, week: number): Promise<boolean> {
  const row = await db
    .selectFrom("standups")
    .select("id")
    .where("booking_id", "=", bookingId)
    .where("week", "=", week)
    .executeTakeFirst();
  return row !== undefined;
}

/** The students of a batch or of a mentor, with their enrolment, name and e-mail. */
export function findEnrolledStudents(db: Executor, filter: { internshipId?: string; mentorId?: string }) {
  let query = db
    .selectFrom("programme_enrolments as e")
    .innerJoin("bookings as b", "b.id", "e.booking_id")
    .innerJoin("user as u", "u.id", "b.user_id")
    .innerJoin("internships as i", "i.id", "e.internship_id")
    .leftJoin("profiles as p", "p.user_id", "b.user_id")
    .leftJoin("interviewers as m", "m.id", "e.mentor_id")
    .select([
      "e.booking_id",
      "e.internship_id",
      "e.mentor_id",
      "e.demo_attended_at",
      "b.user_id",
      "u.email",
      "u.name as account_name",
      "p.first_name",
      "p.last_name",
      "m.name as mentor_name",
      "i.title as batch_title",
      "i.start_date",
      "i.weeks",
      "i.week_plans",
      "i.track_key",
    ])
    .where("b.status", "in", ENROLLED_STATUSES);
  if (filter.internshipId) query = query.where("e.internship_id", "=", filter.internshipId);
  if (filter.mentorId) query = query.where("e.mentor_id", "=", filter.mentorId);
  return query.orderBy("i.start_date").orderBy("p.first_name").orderBy("u.email").execute();
}
export type EnrolledStudentRow = Awaited<ReturnType<typeof findEnrolledStudents>>[number];

/** Confirmed internship bookings of a batch that have no enrolment row yet (paid before a mentor existed). */
export function findUnmatchedBookings(db: Executor, internshipId: string) {
  return db
    .selectFrom("bookings as b")
    .leftJoin("programme_enrolments as e", "e.booking_id", "b.id")
    .select(["b.id"])
    .where("b.target_id", "=", internshipId)
    .where("b.kind", "=", "internship")
    .where("b.status", "in", ENROLLED_STATUSES)
    .where((eb) => eb.or([eb("e.booking_id", "is", null), eb("e.mentor_id", "is", null)]))
    .execute();
}

/** Standups of these bookings, newest first, after a keyset cursor. */
export function findStandupsPage(
  db: Executor,
  bookingIds: readonly string[],
  before: { createdAt: string; id: string } | undefined,
  limit: number,
) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom("standups").selectAll().where("booking_id", "in", bookingIds);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", before.createdAt),
        eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export function findCallsOfMentor(db: Executor, mentorId: string, fromIso: string) {
  return db
    .selectFrom("onboarding_calls")
    .selectAll()
    .where("mentor_id", "=", mentorId)
    .where("end_at", ">", fromIso)
    .orderBy("start_at")
    .execute();
}

export function findWorkshopById(db: Executor, id: string) {
  return db.selectFrom("workshops").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Workshop bookings (with their student) whose session this interviewer hosts. */
export function findHostedBookingIds(db: Executor, hostId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("workshops as w", "w.id", "b.target_id")
    .select("b.id")
    .where("b.kind", "=", "workshop")
    .where("w.host_interviewer_id", "=", hostId)
    .execute();
}

export async function setCapstone(
  db: Executor,
  workshopId: string,
  capstone: { brief: string; dueAt: string },
  now: string,
): Promise<void> {
  await db
    .updateTable("workshops")
    .set({ capstone_brief: capstone.brief, capstone_due_at: capstone.dueAt, updated_at: now })
    .where("id", "=", workshopId)
    .execute();
}

export async function setDemoDay(
  db: Executor,
  internshipId: string,
  demo: { startAt: string; endAt: string },
  now: string,
): Promise<void> {
  await db
    .updateTable("internships")
    .set({ demo_day_start_at: demo.startAt, demo_day_end_at: demo.endAt, updated_at: now })
    .where("id", "=", internshipId)
    .execute();
}

/** The names of students behind bookings (profile name, else account name, else e-mail). */
export function findStudentsOfBookings(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bookings as b")
    .innerJoin("user as u", "u.id", "b.user_id")
    .leftJoin("profiles as p", "p.user_id", "b.user_id")
    .select([
      "b.id as booking_id",
      "b.kind",
      "b.target_id",
      "u.email",
      "u.name as account_name",
      "p.first_name",
      "p.last_name",
    ])
    .where("b.id", "in", bookingIds)
    .execute();
}

export function findInterviewersByName(db: Executor) {
  return db.selectFrom("interviewers").selectAll().orderBy("name").orderBy("id").execute();
}
