import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../../shared/errors.js";
import { INTERVIEWER_MESSAGES } from "../../../shared/messages.js";
import type { InterviewerSessions } from "../../../shared/schemas/interviewer.js";
import type { AppDeps } from "../../app-deps.js";
import type { InterviewersTable } from "../../db/schema.js";
import { requireUser, type SessionUser } from "../../plugins/auth.js";
import {
  findCalendarToken,
  findHostedWorkshops,
  findInterviewerByCalendarToken,
  findInterviewerByEmail,
  findSessionsOfInterviewer,
  saveCalendarToken,
} from "./repository.js";

export interface SignedInInterviewer {
  user: SessionUser;
  interviewer: InterviewersTable;
}

/** The signed-in user as an interviewer: 401 signed out, 403 for anyone the admin has not recorded. */
export async function requireInterviewer(deps: AppDeps, request: FastifyRequest): Promise<SignedInInterviewer> {
  const user = await requireUser(request);
  const interviewer = await findInterviewerByEmail(deps.db, user.email);
  if (!interviewer) throw new AppError("FORBIDDEN", INTERVIEWER_MESSAGES.notInterviewer);
  return { user, interviewer };
}

export async function isInterviewer(deps: AppDeps, email: string): Promise<boolean> {
  return (await findInterviewerByEmail(deps.db, email)) !== undefined;
}

/** Upcoming sessions (not yet ended) soonest first; past ones most recent first. */
export async function listSessions(deps: AppDeps, interviewer: InterviewersTable): Promise<InterviewerSessions> {
  const now = Date.now();
  const [sessions, workshops] = await Promise.all([
    findSessionsOfInterviewer(deps.db, interviewer.id),
    findHostedWorkshops(deps.db, interviewer.id, new Date(now).toISOString()),
  ]);
  return {
    interviewer: { name: interviewer.name, email: interviewer.email, active: interviewer.active === 1 },
    upcoming: sessions.filter((s) => Date.parse(s.endAt) > now),
    past: sessions.filter((s) => Date.parse(s.endAt) <= now).reverse(),
    workshops,
  };
}

/**
 * Refuses a booking that is not one of this interviewer's sessions with 404, so another
 * interviewer cannot even learn that it exists. Inactive interviewers keep their past sessions.
 */
export async function requireOwnSession(deps: AppDeps, interviewer: InterviewersTable, bookingId: string) {
  const [session] = await findSessionsOfInterviewer(deps.db, interviewer.id, bookingId);
  if (!session) throw new AppError("NOT_FOUND", INTERVIEWER_MESSAGES.sessionNotFound);
  return session;
}

/** The private feed URL, made on first request; `reset` replaces it so an old copy stops working. */
export async function calendarFeedUrl(deps: AppDeps, interviewer: InterviewersTable, reset = false): Promise<string> {
  let token = reset ? undefined : await findCalendarToken(deps.db, interviewer.id);
  if (!token) {
    token = randomBytes(24).toString("base64url");
    await saveCalendarToken(deps.db, interviewer.id, token, new Date().toISOString());
  }
  return `${deps.config.publicUrl}/api/interviewer/calendar/${token}.ics`;
}

/** Every session of the interviewer whose feed token this is, as an iCalendar feed calendar apps poll. */
export async function calendarFeed(deps: AppDeps, token: string): Promise<string> {
  const interviewer = await findInterviewerByCalendarToken(deps.db, token);
  if (!interviewer) throw new AppError("NOT_FOUND", INTERVIEWER_MESSAGES.calendarNotFound);
  const [sessions, workshops] = await Promise.all([
    findSessionsOfInterviewer(deps.db, interviewer.id),
    findHostedWorkshops(deps.db, interviewer.id, new Date().toISOString()),
  ]);
  // Loaded with the first feed, as pdfkit with the first PDF (docs/decisions/0005-memory.md).
  const { default: icalGenerator, ICalEventStatus } = await import("ical-generator");
  const calendar = icalGenerator({
    name: `CareerPrep · ${interviewer.name}`,
    prodId: { company: "CareerPrep", product: "Interviewer sessions", language: "EN" },
    ttl: 15 * 60,
  });
  for (const session of sessions) {
    calendar.createEvent({
      id: `interviewer-${session.bookingId}@careerprep`,
      start: new Date(session.startAt),
      end: new Date(session.endAt),
      summary: `${session.title} with ${session.studentName}`,
      description: [
        `Student: ${session.studentName} <${session.studentEmail}>`,
        session.resumeUrl ? `Resume: ${session.resumeUrl}` : "No resume shared yet.",
        session.meetingLink ? `Join: ${session.meetingLink}` : "The meeting link appears in your workspace.",
        `Workspace: ${deps.config.publicUrl}/interviewer`,
      ].join("\n"),
      location: session.meetingLink ?? undefined,
      url: session.meetingLink ?? `${deps.config.publicUrl}/interviewer`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  for (const workshop of workshops.filter((w) => w.status === "published")) {
    calendar.createEvent({
      id: `host-${workshop.id}@careerprep`,
      start: new Date(workshop.startAt),
      end: new Date(workshop.endAt),
      summary: `Workshop: ${workshop.title} (you host)`,
      description: [
        `${workshop.level} workshop, ${workshop.booked} of ${workshop.capacity} seats booked.`,
        workshop.meetingLink ? `Join: ${workshop.meetingLink}` : "The meeting link appears in your workspace.",
        `Workspace: ${deps.config.publicUrl}/interviewer`,
      ].join("\n"),
      location: workshop.meetingLink ?? undefined,
      url: workshop.meetingLink ?? `${deps.config.publicUrl}/interviewer`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 §3.1: every content line ends with CRLF, the last one included; ical-generator leaves it off.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
