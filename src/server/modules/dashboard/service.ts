import { personName } from "../../../shared/person-name.js";
import type { Dashboard, DashboardInternship, DashboardSession, Goal } from "../../../shared/schemas/dashboard.js";
import { SESSION_STATUSES } from "../../../shared/schemas/dashboard.js";
import { zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import { decodeInternshipWeekPlans } from "../../db/json-columns.js";
import type { SessionUser } from "../../plugins/auth.js";
import { findCertificatesByUser } from "../certificates/index.js";
import { certificateBadge, type ShownStatus, toDashboardSession } from "../my-bookings/service.js";
import { practiceMinutesOf } from "../practice/service.js";
import { findProfile, findResumeUrl } from "../profile/index.js";
import { findScorecardsByUser } from "../scorecards/index.js";
import { toScorecard } from "../scorecards/mapping.js";
import { findStudentSessions, type StudentSession } from "../sessions/index.js";
import { findInternshipById } from "./repository.js";

const DAY_MS = 24 * 3_600_000;
const MOCK_GOAL = 3;
const RATING_GOAL = 4;

export async function getDashboard(deps: AppDeps, user: SessionUser, now = new Date()): Promise<Dashboard> {
  const { db, config } = deps;
  const [rows, scorecardRows, certificateRows, profile, resumeUrl, roundMinutes] = await Promise.all([
    findStudentSessions(db, config.timeZone, user.id, SESSION_STATUSES),
    findScorecardsByUser(db, user.id),
    findCertificatesByUser(db, user.id),
    findProfile(db, user.id),
    findResumeUrl(db, user.id),
    practiceMinutesOf(db, user.id),
  ]);
  const scorecards = new Map(scorecardRows.map((row) => [row.booking_id, toScorecard(row, row.package_key)]));
  const certificates = new Map(certificateRows.map((row) => [row.booking_id, certificateBadge(row)]));

  const sessions = rows
    .map((row) =>
      toDashboardSession(
        deps,
        row,
        now,
        scorecards.get(row.bookingId) ?? null,
        certificates.get(row.bookingId) ?? null,
      ),
    )
    .sort((a, b) => a.startAt.localeCompare(b.startAt));

  const mocks = sessions.filter((s) => s.kind === "mock");
  const nextInterview = mocks.find((s) => s.status === "confirmed" && Date.parse(s.endAt) > now.getTime());
  const rated = sessions.flatMap((s) => (s.scorecard ? [s.scorecard.overall] : []));
  const averageRating = rated.length ? Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10 : null;
  const completedMocks = mocks.filter((s) => s.status === "completed").length;
  // Sessions attended and timed practice rounds both count as practice.
  const practiceMinutes = sessions
    .filter((s) => s.status === "completed" && s.kind !== "internship")
    .reduce((total, s) => total + Math.round((Date.parse(s.endAt) - Date.parse(s.startAt)) / 60_000), roundMinutes);
  const attendedWorkshops = sessions.filter((s) => s.kind === "workshop" && s.status === "completed").length;

  const goals = deriveGoals({
    completedMocks,
    averageRating,
    attendedWorkshops,
    profileSteps: profileSteps(profile) + (resumeUrl ? 1 : 0),
  });

  // The greeting uses a name, never the e-mail's user part (shared/person-name.ts).
  const firstName =
    profile?.first_name?.trim() || personName({ accountName: user.name, email: user.email }).split(/\s+/)[0] || "";
  return {
    firstName,
    hasBooking: sessions.some((s) => s.status !== "cancelled"),
    stats: {
      nextInterviewAt: nextInterview?.startAt ?? null,
      averageRating,
      ratedSessions: rated.length,
      completedMocks,
      practiceMinutes,
    },
    sessions,
    resumeUrl,
    internship: await currentInternship(deps, rows, certificates, now),
    goals,
  };
}

/** Goals with progress derived from what the student has done so far. */
function deriveGoals(done: {
  completedMocks: number;
  averageRating: number | null;
  attendedWorkshops: number;
  profileSteps: number;
}): Goal[] {
  return [
    {
      id: "mocks",
      label: `Complete ${MOCK_GOAL} mock interviews`,
      current: Math.min(done.completedMocks, MOCK_GOAL),
      target: MOCK_GOAL,
      href: "/onboarding?type=mockInterview",
    },
    {
      id: "rating",
      label: `Reach an average rating of ${RATING_GOAL} out of 5`,
      current: Math.min(done.averageRating ?? 0, RATING_GOAL),
      target: RATING_GOAL,
      href: "/dashboard?tab=interviews",
    },
    {
      id: "workshop",
      label: "Attend a workshop",
      current: Math.min(done.attendedWorkshops, 1),
      target: 1,
      href: "/onboarding?type=workshop",
    },
    {
      id: "profile",
      label: "Complete your profile: details, verified phone and resume",
      current: done.profileSteps,
      target: 3,
      href: "/dashboard?tab=profile",
    },
  ];
}

function profileSteps(profile: Awaited<ReturnType<typeof findProfile>>): number {
  if (!profile) return 0;
  return (profile.completed_at ? 1 : 0) + (profile.phone_verified_at ? 1 : 0);
}

async function currentInternship(
  deps: AppDeps,
  rows: StudentSession[],
  certificates: Map<string, DashboardSession["certificate"]>,
  now: Date,
): Promise<DashboardInternship | null> {
  // Rows come newest first: the latest enrolment is the one the student is in.
  const enrolment = rows.find((row) => row.kind === "internship" && row.status !== "cancelled");
  if (!enrolment) return null;
  const internship = await findInternshipById(deps.db, enrolment.targetId);
  if (!internship) return null;
  const today = zonedDate(now, deps.config.timeZone);
  const elapsedDays = Math.floor(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${internship.start_date}T00:00:00Z`)) / DAY_MS,
  );
  const week = Math.floor(elapsedDays / 7) + 1;
  return {
    bookingId: enrolment.bookingId,
    status: enrolment.status as ShownStatus,
    title: internship.title,
    mentor: internship.mentor,
    startDate: internship.start_date,
    weeks: internship.weeks,
    weekPlans: decodeInternshipWeekPlans(internship.week_plans),
    currentWeek: elapsedDays >= 0 && week <= internship.weeks ? week : null,
    certificate: certificates.get(enrolment.bookingId) ?? null,
  };
}
