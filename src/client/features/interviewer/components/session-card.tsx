import { useState } from "react";
import { Link } from "react-router";
import { ROOM_CLOSES_AFTER_MINUTES } from "../../../../shared/constants.js";
import { ROOM_LINK_MESSAGES } from "../../../../shared/messages.js";
import type { InterviewerSession } from "../../../../shared/schemas/interviewer.js";
import { formatInstant } from "../../../../shared/time.js";
import { useMarkOutcome } from "../../../shared/scorecard/api.js";
import { ScorecardDialog } from "../../../shared/scorecard/scorecard-dialog.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

const STATUS_LABELS: Record<InterviewerSession["status"], string> = {
  confirmed: "Booked",
  completed: "Completed",
  no_show: "No-show",
};

/** One session: who, what, when, the links; after it starts, the outcome and the scorecard. */
export function SessionCard({
  session,
  zone,
  zoneLabel,
}: {
  session: InterviewerSession;
  zone: string;
  zoneLabel: string;
}) {
  const [scoring, setScoring] = useState(false);
  const outcome = useMarkOutcome("interviewer");
  const started = Date.parse(session.startAt) <= Date.now();
  const roomOpenUntil = Date.parse(session.endAt) + ROOM_CLOSES_AFTER_MINUTES * 60_000;
  const canJoin = session.status !== "no_show" && Date.now() < roomOpenUntil;
  const headingId = `session-${session.bookingId}`;

  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {session.studentName}
          </h3>
          <p className="text-sm text-slate-700">
            {session.title} · {formatInstant(session.startAt, zone, zoneLabel)}
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-800">
          {STATUS_LABELS[session.status]}
        </span>
      </div>
      {canJoin && (
        <Link
          to={`/room/${encodeURIComponent(session.bookingId)}`}
          className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {ROOM_LINK_MESSAGES.join}
          <span className="sr-only"> the interview room with {session.studentName}</span>
        </Link>
      )}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <li>
          {session.resumeUrl ? (
            <a
              href={session.resumeUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-800 underline"
            >
              Resume<span className="sr-only"> of {session.studentName} (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-slate-700">No resume shared yet</span>
          )}
        </li>
        <li>
          {session.meetingLink ? (
            <a
              href={session.meetingLink}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-800 underline"
            >
              {ROOM_LINK_MESSAGES.backupLink}
              <span className="sr-only"> for the session with {session.studentName} (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-slate-700">Meeting link not set yet</span>
          )}
        </li>
        <li>
          <a href={`mailto:${session.studentEmail}`} className="font-medium text-brand-800 underline">
            {session.studentEmail}
          </a>
        </li>
      </ul>
      {started && (
        <div className="mt-4 flex flex-wrap gap-2">
          {session.status !== "no_show" && (
            <Button onClick={() => setScoring(true)}>
              {session.hasScorecard ? "Edit scorecard" : "Write scorecard"}
              <span className="sr-only"> for {session.studentName}</span>
            </Button>
          )}
          {session.status === "confirmed" && (
            <Button
              variant="secondary"
              onClick={() => outcome.mutate({ bookingId: session.bookingId, outcome: "completed" })}
              disabled={outcome.isPending}
            >
              Mark completed
            </Button>
          )}
          {session.status !== "no_show" && !session.hasScorecard && (
            <Button
              variant="secondary"
              onClick={() => outcome.mutate({ bookingId: session.bookingId, outcome: "no_show" })}
              disabled={outcome.isPending}
            >
              Mark no-show
            </Button>
          )}
        </div>
      )}
      {outcome.isError && <Alert tone="error">{outcome.error.message}</Alert>}
      {scoring && (
        <ScorecardDialog author="interviewer" bookingId={session.bookingId} onClose={() => setScoring(false)} />
      )}
    </li>
  );
}
