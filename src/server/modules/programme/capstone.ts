import { AppError } from "../../../shared/errors.js";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type { Capstone, Submission, SubmissionInput } from "../../../shared/schemas/programme.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingsTable, WorkshopsTable } from "../../db/schema.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findBookingById } from "../bookings/index.js";
import { findCertificateOfBooking } from "../certificates/service.js";
import {
  addSubmission,
  CAPSTONE_WEEK,
  findLatestSubmission,
  loadSubmissions,
  toSubmission,
} from "../submissions/service.js";
import { findWorkshopById } from "./repository.js";
import { studentName } from "./reviews.js";

const ATTENDING: readonly BookingsTable["status"][] = ["confirmed", "completed"];

/** The signed-in student's own paid workshop booking and its session; 404 for anything else. */
async function ownWorkshopBooking(deps: AppDeps, user: SessionUser, bookingId: string) {
  const booking = await findBookingById(deps.db, bookingId);
  const workshop = booking && (await findWorkshopById(deps.db, booking.target_id));
  if (booking?.user_id !== user.id || booking.kind !== "workshop" || !ATTENDING.includes(booking.status) || !workshop) {
    throw new AppError("NOT_FOUND", PROGRAMME_MESSAGES.enrolmentNotFound);
  }
  return { booking, workshop };
}

const capstoneDueDate = (workshop: WorkshopsTable, timeZone: string) =>
  workshop.capstone_due_at ? zonedDate(new Date(workshop.capstone_due_at), timeZone) : null;

async function capstoneSubmissions(deps: AppDeps, bookingId: string, workshop: WorkshopsTable): Promise<Submission[]> {
  const due = capstoneDueDate(workshop, deps.config.timeZone);
  return (await loadSubmissions(deps.db, [bookingId]))
    .filter(({ row }) => row.kind === "capstone")
    .map(({ row, comments }) => toSubmission(row, comments, due, deps.config.timeZone));
}

export async function getCapstone(deps: AppDeps, user: SessionUser, bookingId: string): Promise<Capstone> {
  const { workshop } = await ownWorkshopBooking(deps, user, bookingId);
  const certificate = await findCertificateOfBooking(deps.db, bookingId);
  return {
    bookingId,
    workshopTitle: workshop.title,
    brief: workshop.capstone_brief,
    dueAt: workshop.capstone_due_at,
    submissions: await capstoneSubmissions(deps, bookingId, workshop),
    certificateCode: certificate && !certificate.revoked_at ? certificate.code : null,
  };
}

/**
 * `POST /api/me/workshops/:bookingId/capstone`: from the session's start until the deadline; again
 * after "changes requested", never while one waits for review or once approved.
 */
export async function submitCapstone(
  deps: AppDeps,
  user: SessionUser,
  bookingId: string,
  input: SubmissionInput,
  now = new Date(),
): Promise<Submission> {
  const { workshop } = await ownWorkshopBooking(deps, user, bookingId);
  if (!workshop.capstone_brief || !workshop.capstone_due_at) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.noCapstone);
  }
  if (now.getTime() < Date.parse(workshop.start_at)) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.capstoneNotStarted);
  }
  if (now.getTime() > Date.parse(workshop.capstone_due_at)) {
    throw new AppError("CONFLICT", PROGRAMME_MESSAGES.capstoneClosed);
  }
  const latest = await findLatestSubmission(deps.db, bookingId, CAPSTONE_WEEK);
  if (latest?.status === "submitted") throw new AppError("CONFLICT", PROGRAMME_MESSAGES.awaitingReview);
  if (latest?.status === "approved") throw new AppError("CONFLICT", PROGRAMME_MESSAGES.alreadyApproved);
  const name = await studentName(deps.db, bookingId);
  const row = await addSubmission(deps.db, { id: bookingId, kind: "capstone", week: CAPSTONE_WEEK }, input, name, now);
  const saved = (await capstoneSubmissions(deps, bookingId, workshop)).find((s) => s.id === row.id);
  if (!saved) throw new AppError("INTERNAL", PROGRAMME_MESSAGES.submissionNotFound);
  return saved;
}
