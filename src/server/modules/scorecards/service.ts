import { randomUUID } from "node:crypto";
import { PAID_STATUSES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES, SCORECARD_MESSAGES } from "../../../shared/messages.js";
import {
  type AdminScorecardView,
  missingScoreAreas,
  SCORE_AREA_LABELS,
  type Scorecard,
  type ScorecardInput,
  scoreAreasFor,
} from "../../../shared/schemas/scorecards.js";
import type { AppDeps } from "../../app-deps.js";
import type { BookingStatus } from "../../db/schema.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import type { SessionUser } from "../../plugins/auth.js";
import { recordAudit } from "../audit/index.js";
import { lockBookingById, updateBooking } from "../bookings/index.js";
import { notifyUser } from "../notifications/service.js";
import { findResumeUrl } from "../profile/index.js";
import { findBookingSession } from "../sessions/index.js";
import { toScorecard } from "./mapping.js";
import { findScorecardByBooking, insertScorecard, updateScorecard } from "./repository.js";

const SCORABLE: readonly BookingStatus[] = ["confirmed", "completed"];
const MARKABLE: readonly BookingStatus[] = PAID_STATUSES;

export async function getAdminScorecardView(deps: AppDeps, bookingId: string): Promise<AdminScorecardView> {
  const session = await findBookingSession(deps.db, deps.config.timeZone, bookingId);
  if (!session) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
  const [row, resumeUrl] = await Promise.all([
    findScorecardByBooking(deps.db, bookingId),
    findResumeUrl(deps.db, session.userId),
  ]);
  return {
    booking: {
      id: session.bookingId,
      kind: session.kind,
      packageKey: session.packageKey,
      status: session.status,
      title: session.title,
      startAt: session.startAt,
      studentName: session.userName || session.userEmail,
      studentEmail: session.userEmail,
      studentResumeUrl: resumeUrl,
    },
    areas: scoreAreasFor(session.packageKey),
    scorecard: row ? toScorecard(row, session.packageKey) : null,
  };
}

/**
 * Creates or updates the scorecard of a mock interview that has taken place and marks the
 * booking completed. The student hears about it the first time feedback is saved.
 */
export async function saveScorecard(
  deps: AppDeps,
  admin: SessionUser,
  bookingId: string,
  input: ScorecardInput,
): Promise<Scorecard> {
  const now = new Date().toISOString();
  const { scorecard, created, session } = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    const session = booking && (await findBookingSession(trx, deps.config.timeZone, bookingId));
    if (!booking || !session) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
    if (booking.kind !== "mock") throw new AppError("CONFLICT", SCORECARD_MESSAGES.mockOnly);
    if (!SCORABLE.includes(booking.status)) throw new AppError("CONFLICT", SCORECARD_MESSAGES.notAttended);
    if (Date.parse(session.startAt) > Date.now()) throw new AppError("CONFLICT", SCORECARD_MESSAGES.notStarted);
    const missing = missingScoreAreas(booking.package_key, input.scores);
    if (missing.length > 0) {
      throw new AppError(
        "VALIDATION",
        SCORECARD_MESSAGES.missingAreas(missing.map((a) => SCORE_AREA_LABELS[a]).join(", ")),
        {
          field: `scores.${missing[0]}`,
        },
      );
    }
    const areas = scoreAreasFor(booking.package_key);
    const scores = Object.fromEntries(areas.map((area) => [area, input.scores[area]]));
    const fields = {
      scores: JSON.stringify(scores),
      overall: input.overall,
      tags: JSON.stringify([...new Set(input.tags)]),
      notes: input.notes,
      recording_url: input.recordingUrl === "" ? null : input.recordingUrl,
      updated_at: now,
    };
    const existing = await findScorecardByBooking(trx, bookingId);
    if (existing) {
      await updateScorecard(trx, bookingId, fields);
    } else {
      await insertScorecard(trx, {
        id: randomUUID(),
        booking_id: bookingId,
        created_by: admin.email,
        created_at: now,
        ...fields,
      });
    }
    if (booking.status !== "completed") {
      await updateBooking(trx, bookingId, { status: "completed", updated_at: now });
    }
    const saved = await findScorecardByBooking(trx, bookingId);
    if (!saved) throw new Error("scorecard vanished inside its own transaction");
    const scorecard = toScorecard(saved, booking.package_key);
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: existing ? "update" : "create",
      entity: "scorecard",
      entityId: bookingId,
      before: existing ? toScorecard(existing, booking.package_key) : null,
      after: scorecard,
    });
    return { scorecard, created: !existing, session };
  });

  if (created) {
    await notifyUser(deps, {
      userId: session.userId,
      type: "feedback_ready",
      title: "Your feedback is ready",
      body: `${session.title}: overall ${scorecard.overall}/5.`,
      link: "/dashboard?tab=interviews",
    });
    await sendFeedbackEmail(deps, session.userEmail, session.userName, session.title, scorecard.overall);
  }
  return scorecard;
}

/** Marks a past session completed or no-show. */
export async function markOutcome(
  deps: AppDeps,
  admin: SessionUser,
  bookingId: string,
  outcome: "completed" | "no_show",
): Promise<BookingStatus> {
  return deps.db.transaction().execute(async (trx) => {
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    const session = booking && (await findBookingSession(trx, deps.config.timeZone, bookingId));
    if (!booking || !session) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
    if (!MARKABLE.includes(booking.status)) throw new AppError("CONFLICT", SCORECARD_MESSAGES.outcomeNotAllowed);
    if (Date.parse(session.startAt) > Date.now()) throw new AppError("CONFLICT", SCORECARD_MESSAGES.notStarted);
    if (outcome === "no_show" && (await findScorecardByBooking(trx, bookingId))) {
      throw new AppError("CONFLICT", SCORECARD_MESSAGES.noShowHasScorecard);
    }
    await updateBooking(trx, bookingId, { status: outcome, updated_at: new Date().toISOString() });
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "outcome",
      entity: "booking",
      entityId: bookingId,
      before: { status: booking.status },
      after: { status: outcome },
    });
    return outcome;
  });
}

async function sendFeedbackEmail(deps: AppDeps, to: string, name: string, title: string, overall: number) {
  const link = `${deps.config.publicUrl}/dashboard?tab=interviews`;
  try {
    await deps.mailer.send({
      to,
      subject: "Your interview feedback is ready",
      text: `Hello ${name || "there"},\n\nYour scorecard for the ${title} is ready: overall ${overall}/5.\nRead it on your dashboard: ${link}`,
      html: layoutEmail(
        "Your feedback is ready",
        `<p>Your scorecard for the ${escapeHtml(title)} is ready: overall <strong>${overall}/5</strong>.</p><p><a href="${escapeHtml(link)}">Read it on your dashboard</a></p>`,
      ),
    });
  } catch (err) {
    // The in-app notification already reached the student; a mail outage must not undo the save.
    deps.log.error({ err, to }, "feedback e-mail failed");
  }
}
