import { DEMO_DAY_MAX_HOURS, type InternshipTrack } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type { Roster } from "../../../shared/schemas/programme.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { SessionUser } from "../../plugins/auth.js";
import { recordAudit } from "../audit/index.js";
import { findBookingById, lockBookingById } from "../bookings/index.js";
import { findCatalogEntry } from "../catalog/index.js";
import { ensureMatched, matchWaitingStudents } from "./enrolment.js";
import { mentorDto } from "./mentor-dto.js";
import { toBatchEvent, toRosterStudents } from "./mentoring.js";
import { weekStartDate } from "./milestones.js";
import {
  findBatch,
  findEnrolledStudents,
  findEnrolment,
  findInterviewer,
  findInterviewersByName,
  findMentorLoads,
  findWorkshopById,
  setCapstone,
  setDemoDay,
  setMentorTrack,
  updateEnrolment,
} from "./repository.js";
import { announceIssued, completeProgrammeIfEarned } from "./reviews.js";

/** A batch's roster for the console: every paid student matched, with progress, mentor and demo day. */
export async function batchRoster(deps: AppDeps, internshipId: string): Promise<Roster> {
  const batch = await findBatch(deps.db, internshipId);
  if (!batch) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.internshipGone);
  await matchWaitingStudents(deps, internshipId);
  const [rows, mentors] = await Promise.all([
    findEnrolledStudents(deps.db, { internshipId }),
    findMentorLoads(deps.db, batch.track_key, internshipId),
  ]);
  return {
    batch: toBatchEvent(batch),
    students: await toRosterStudents(deps, rows),
    mentors: mentors.map((m) => ({ id: m.id, name: m.name, students: Number(m.students) })),
  };
}

/** The admin moves a student to another mentor of the batch's track. */
export async function moveStudent(deps: AppDeps, admin: SessionUser, bookingId: string, mentorId: string) {
  const booking = await findBookingById(deps.db, bookingId);
  if (booking?.kind !== "internship") throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  const { batch, enrolment } = await ensureMatched(deps, booking);
  const mentor = await findInterviewer(deps.db, mentorId);
  if (mentor?.mentor_track !== batch.track_key) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.mentorNotFound);
  await deps.db.transaction().execute(async (trx) => {
    await updateEnrolment(trx, bookingId, { mentor_id: mentorId });
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "update",
      entity: "mentor_assignment",
      entityId: bookingId,
      before: { mentorId: enrolment.mentor_id },
      after: { mentorId },
    });
  });
  return batchRoster(deps, batch.id);
}

/** Marks an interviewer as a mentor of a track (or no longer a mentor, with null). */
export async function setMentorTrackAsAdmin(
  deps: AppDeps,
  admin: SessionUser,
  interviewerId: string,
  trackKey: InternshipTrack | null,
) {
  const before = await findInterviewer(deps.db, interviewerId);
  if (!before) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.interviewerGone);
  if (trackKey && !(await findCatalogEntry(deps.db, trackKey))) {
    throw new AppError("VALIDATION", ADMIN_MESSAGES.topicNotFound, { field: "trackKey" });
  }
  await deps.db.transaction().execute(async (trx) => {
    await setMentorTrack(trx, interviewerId, trackKey, new Date().toISOString());
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "update",
      entity: "interviewer",
      entityId: interviewerId,
      before: { mentorTrack: before.mentor_track },
      after: { mentorTrack: trackKey },
    });
  });
  return mentorDto({ ...before, mentor_track: trackKey });
}

/**
 * Demo day is the batch's last session: it starts on or after the first day of the last week and
 * lasts at most DEMO_DAY_MAX_HOURS. An admin may record one that already happened.
 */
export async function scheduleDemoDay(
  deps: AppDeps,
  admin: SessionUser,
  internshipId: string,
  demo: { startAt: string; endAt: string },
) {
  const batch = await findBatch(deps.db, internshipId);
  if (!batch) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.internshipGone);
  if (batch.cancelled_at) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.batchCancelled);
  const start = Date.parse(demo.startAt);
  const end = Date.parse(demo.endAt);
  const lastWeek = weekStartDate(batch.start_date, batch.weeks);
  if (
    end <= start ||
    end - start > DEMO_DAY_MAX_HOURS * 3_600_000 ||
    zonedDate(new Date(start), deps.config.timeZone) < lastWeek
  ) {
    throw new AppError("VALIDATION", PROGRAMME_MESSAGES.demoDayInvalid, { field: "startAt" });
  }
  const stored = { startAt: new Date(start).toISOString(), endAt: new Date(end).toISOString() };
  await deps.db.transaction().execute(async (trx) => {
    await setDemoDay(trx, internshipId, stored, new Date().toISOString());
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "update",
      entity: "demo_day",
      entityId: internshipId,
      before: { startAt: batch.demo_day_start_at, endAt: batch.demo_day_end_at },
      after: stored,
    });
  });
  await deps.bus.publish({ topic: "internships" });
  return batchRoster(deps, internshipId);
}

/** The admin records that a student presented on demo day; with every milestone approved, the certificate follows. */
export async function markDemoAttended(deps: AppDeps, admin: SessionUser, bookingId: string) {
  const booking = await findBookingById(deps.db, bookingId);
  if (booking?.kind !== "internship") throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  const { batch } = await ensureMatched(deps, booking);
  if (!batch.demo_day_start_at) throw new AppError("CONFLICT", PROGRAMME_MESSAGES.demoDayNotScheduled);
  if (Date.parse(batch.demo_day_start_at) > Date.now()) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.demoDayNotStarted);
  }
  const issued = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockBookingById(trx, deps.dialect, bookingId);
    if (!locked) throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
    const enrolment = await findEnrolment(trx, bookingId);
    if (!enrolment?.demo_attended_at) {
      const now = new Date().toISOString();
      await updateEnrolment(trx, bookingId, { demo_attended_at: now });
      await recordAudit(trx, {
        actorEmail: admin.email,
        action: "update",
        entity: "demo_attendance",
        entityId: bookingId,
        before: { demoAttendedAt: null },
        after: { demoAttendedAt: now },
      });
    }
    return completeProgrammeIfEarned(trx, deps, locked, admin.email);
  });
  if (issued) await announceIssued(deps, issued);
  const [student] = (await batchRoster(deps, batch.id)).students.filter((s) => s.bookingId === bookingId);
  return { demoAttended: true, certificateCode: student?.certificateCode ?? null };
}

/** A workshop's capstone brief and deadline (after the session starts). */
export async function setWorkshopCapstone(
  deps: AppDeps,
  admin: SessionUser,
  workshopId: string,
  capstone: { brief: string; dueAt: string },
) {
  const workshop = await findWorkshopById(deps.db, workshopId);
  if (!workshop) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.workshopGone);
  if (Date.parse(capstone.dueAt) <= Date.parse(workshop.start_at)) {
    throw new AppError("VALIDATION", PROGRAMME_MESSAGES.capstoneInvalid, { field: "dueAt" });
  }
  const stored = { brief: capstone.brief, dueAt: new Date(Date.parse(capstone.dueAt)).toISOString() };
  await deps.db.transaction().execute(async (trx) => {
    await setCapstone(trx, workshopId, stored, new Date().toISOString());
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "update",
      entity: "capstone",
      entityId: workshopId,
      before: { brief: workshop.capstone_brief, dueAt: workshop.capstone_due_at },
      after: stored,
    });
  });
  return stored;
}

export async function listMentorCandidates(deps: AppDeps) {
  return (await findInterviewersByName(deps.db)).map(mentorDto);
}
