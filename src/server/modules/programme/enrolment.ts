import type { Transaction } from "kysely";
import { z } from "zod";
import { STANDUP_REMINDER_DAY } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingsTable, Database, InternshipsTable, ProgrammeEnrolmentsTable } from "../../db/schema.js";
import { enqueueJob, type JobOutcome } from "../../infrastructure/jobs/queue.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import { findBookingById } from "../bookings/index.js";
import { notifyUser } from "../notifications/service.js";
import { findBookingSession } from "../sessions/index.js";
import { programmeWeek, weekStartDate } from "./milestones.js";
import {
  findBatch,
  findEnrolment,
  findMentorLoads,
  findUnmatchedBookings,
  hasStandupInWeek,
  insertEnrolment,
  lockBatch,
  updateEnrolment,
} from "./repository.js";

const ENROLLED: readonly BookingsTable["status"][] = ["confirmed", "completed"];

export interface Enrolment {
  booking: BookingsTable;
  batch: InternshipsTable;
  enrolment: ProgrammeEnrolmentsTable;
}

/**
 * A paid internship booking's enrolment, matched to a mentor of the track with the fewest students
 * in the batch (docs/product.md, Internship programme). Matching runs with the batch row locked, so
 * students paying at the same moment spread over the mentors. A booking matched while its track had
 * no mentor is matched again once one exists.
 */
export async function ensureMatched(deps: AppDeps, booking: BookingsTable): Promise<Enrolment> {
  const existing = await findEnrolment(deps.db, booking.id);
  const batch = await findBatch(deps.db, booking.target_id);
  if (!batch) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  if (existing?.mentor_id) return { booking, batch, enrolment: existing };
  const enrolment = await deps.db.transaction().execute(async (trx) => {
    await lockBatch(trx, deps.dialect, batch.id);
    const current = await findEnrolment(trx, booking.id);
    if (current?.mentor_id) return current;
    const [mentor] = await findMentorLoads(trx, batch.track_key, batch.id);
    const mentorId = mentor?.id ?? null;
    if (current) {
      if (mentorId) await updateEnrolment(trx, booking.id, { mentor_id: mentorId });
      return { ...current, mentor_id: mentorId };
    }
    const row = {
      booking_id: booking.id,
      internship_id: batch.id,
      mentor_id: mentorId,
      matched_at: new Date().toISOString(),
      demo_attended_at: null,
    };
    await insertEnrolment(trx, row);
    await scheduleStandupReminders(trx, deps.config.timeZone, booking.id, batch);
    return row;
  });
  return { booking, batch, enrolment };
}

/** Matches every paid booking of a batch that has no mentor yet (the admin's roster shows them matched). */
export async function matchWaitingStudents(deps: AppDeps, internshipId: string): Promise<void> {
  for (const { id } of await findUnmatchedBookings(deps.db, internshipId)) {
    const booking = await findBookingById(deps.db, id);
    if (booking) await ensureMatched(deps, booking);
  }
}

/** Called once a payment confirms a booking: an internship student is matched straight away. */
export async function onInternshipConfirmed(deps: AppDeps, bookingId: string): Promise<void> {
  const booking = await findBookingById(deps.db, bookingId);
  if (booking?.kind === "internship" && ENROLLED.includes(booking.status)) await ensureMatched(deps, booking);
}

/** The signed-in student's own paid internship booking, matched; 404 for anything else. */
export async function ownEnrolment(deps: AppDeps, userId: string, bookingId: string): Promise<Enrolment> {
  const booking = await findBookingById(deps.db, bookingId);
  if (booking?.user_id !== userId || booking.kind !== "internship" || !ENROLLED.includes(booking.status)) {
    throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  }
  return ensureMatched(deps, booking);
}

export const STANDUP_REMINDER_JOB = "standup_reminder";
const standupReminderPayload = z.object({ bookingId: z.string(), week: z.number().int() });

/** One reminder per programme week, on its STANDUP_REMINDER_DAY at 10:00, sent only if that week has no standup. */
async function scheduleStandupReminders(
  trx: Transaction<Database>,
  timeZone: string,
  bookingId: string,
  batch: InternshipsTable,
): Promise<void> {
  const now = Date.now();
  for (let week = 1; week <= batch.weeks; week++) {
    const day = addDays(weekStartDate(batch.start_date, week), STANDUP_REMINDER_DAY - 1);
    const runAt = zonedToInstant(day, "10:00", timeZone);
    if (runAt.getTime() <= now) continue;
    await enqueueJob(trx, {
      type: STANDUP_REMINDER_JOB,
      payload: { bookingId, week },
      runAt,
      dedupeKey: `${STANDUP_REMINDER_JOB}:${bookingId}:${week}`,
    });
  }
}

/**
 * The weekly standup reminder, on the notification path every reminder takes (in-app and e-mail),
 * unless the week's standup was posted or the student left the programme.
 */
export async function runStandupReminderJob(deps: AppDeps, raw: unknown): Promise<JobOutcome> {
  const { bookingId, week } = standupReminderPayload.parse(raw);
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session || !ENROLLED.includes(session.status)) return "skipped";
  const batch = await findBatch(deps.db, session.targetId);
  if (!batch || batch.cancelled_at || (await hasStandupInWeek(deps.db, bookingId, week))) return "skipped";
  const dashboard = `${deps.config.publicUrl}/dashboard?tab=internships`;
  const line = `Week ${week} of ${batch.title}: tell your mentor what you did, what is next and what blocks you.`;
  await deps.mailer.send({
    to: session.userEmail,
    subject: PROGRAMME_MESSAGES.standupReminderSubject,
    text: [`Hello ${session.userName || "there"},`, "", line, "", `Post it here: ${dashboard}`].join("\n"),
    html: layoutEmail(
      PROGRAMME_MESSAGES.standupReminderSubject,
      `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(dashboard)}">Post your standup</a></p>`,
    ),
  });
  await notifyUser(deps, {
    userId: session.userId,
    type: "standup_reminder",
    title: PROGRAMME_MESSAGES.standupReminderSubject,
    body: line,
    link: "/dashboard?tab=internships",
  });
  return "done";
}

/** The week a standup posted today belongs to. */
export function currentWeek(batch: InternshipsTable, timeZone: string, now = new Date()): number {
  return programmeWeek(batch.start_date, batch.weeks, zonedDate(now, timeZone));
}
