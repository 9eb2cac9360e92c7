import { type Kysely, sql } from "kysely";

/**
 * The internship programme and workshop capstones (docs/product.md, Internship programme): the
 * application a student fills before paying, interviewers marked as mentors of a track, each
 * enrolment's mentor and demo-day attendance, the onboarding call (a booking-like record with its own
 * join URL), milestone and capstone submissions with their comment threads, weekly standups, a
 * batch's demo day and a workshop's capstone brief. A certificate now says whether it is of
 * completion or of attendance, and what it was earned for (track, weeks, mentor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db);
  await db.schema
    .createTable("internship_applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("internship_id", "text", (c) => c.notNull())
    .addColumn("college", "text", (c) => c.notNull())
    .addColumn("year_of_study", "text", (c) => c.notNull())
    .addColumn("graduation_year", "integer", (c) => c.notNull())
    .addColumn("motivation", "text", (c) => c.notNull())
    .addColumn("project_url", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("internship_applications_user_batch_idx")
    .on("internship_applications")
    .columns(["user_id", "internship_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("programme_enrolments")
    .addColumn("booking_id", "text", (c) => c.primaryKey())
    .addColumn("internship_id", "text", (c) => c.notNull())
    .addColumn("mentor_id", "text", (c) => c.references("interviewers.id").onDelete("set null"))
    .addColumn("matched_at", "text", (c) => c.notNull())
    .addColumn("demo_attended_at", "text")
    .execute();
  await db.schema
    .createIndex("programme_enrolments_mentor_idx")
    .on("programme_enrolments")
    .column("mentor_id")
    .execute();
  await db.schema
    .createIndex("programme_enrolments_batch_idx")
    .on("programme_enrolments")
    .column("internship_id")
    .execute();

  await createWorkTables(db);
}

/** Mentors, demo days, capstones and what a certificate is for. */
async function addColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("interviewers").addColumn("mentor_track", "text").execute();
  await db.schema.alterTable("internships").addColumn("demo_day_start_at", "text").execute();
  await db.schema.alterTable("internships").addColumn("demo_day_end_at", "text").execute();
  await db.schema.alterTable("workshops").addColumn("capstone_brief", "text").execute();
  await db.schema.alterTable("workshops").addColumn("capstone_due_at", "text").execute();
  await db.schema
    .alterTable("certificates")
    .addColumn("award", "text", (c) => c.notNull().defaultTo("completion"))
    .execute();
  await db.schema.alterTable("certificates").addColumn("details", "text").execute();
  await sql`update certificates set award = 'attendance' where kind = 'workshop'`.execute(db);
}

/** The onboarding call, submissions with their comment threads, and standups. */
async function createWorkTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("onboarding_calls")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull().unique())
    .addColumn("mentor_id", "text", (c) => c.notNull())
    .addColumn("start_at", "text", (c) => c.notNull())
    .addColumn("end_at", "text", (c) => c.notNull())
    .addColumn("join_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("onboarding_calls_mentor_idx")
    .on("onboarding_calls")
    .columns(["mentor_id", "start_at"])
    .execute();

  await db.schema
    .createTable("submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    .addColumn("reviewer_email", "text")
    .execute();
  await db.schema
    .createIndex("submissions_booking_idx")
    .on("submissions")
    .columns(["booking_id", "week", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("submissions_waiting_idx")
    .on("submissions")
    .columns(["status", "submitted_at"])
    .execute();

  await db.schema
    .createTable("submission_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("submission_id", "text", (c) => c.notNull())
    .addColumn("author_role", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("submission_comments_thread_idx")
    .on("submission_comments")
    .columns(["submission_id", "created_at"])
    .execute();

  await db.schema
    .createTable("standups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("done", "text", (c) => c.notNull())
    .addColumn("next", "text", (c) => c.notNull())
    .addColumn("blockers", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("standups_booking_idx").on("standups").columns(["booking_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "standups",
    "submission_comments",
    "submissions",
    "onboarding_calls",
    "programme_enrolments",
    "internship_applications",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("certificates").dropColumn("details").execute();
  await db.schema.alterTable("certificates").dropColumn("award").execute();
  await db.schema.alterTable("workshops").dropColumn("capstone_due_at").execute();
  await db.schema.alterTable("workshops").dropColumn("capstone_brief").execute();
  await db.schema.alterTable("internships").dropColumn("demo_day_end_at").execute();
  await db.schema.alterTable("internships").dropColumn("demo_day_start_at").execute();
  await db.schema.alterTable("interviewers").dropColumn("mentor_track").execute();
}
