import { Link } from "react-router";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../../shared/time.js";
import { Panel } from "./panel.js";
import { SessionActions } from "./session-actions.js";

export function UpcomingInterviewCard({
  session,
  zone,
  zoneLabel,
}: {
  session: DashboardSession | undefined;
  zone: string;
  zoneLabel: string;
}) {
  return (
    <Panel title="Upcoming interview">
      {session ? (
        <div className="space-y-3">
          <div>
            <p className="text-lg font-semibold text-slate-900">{session.title}</p>
            <p className="text-slate-800">{formatInstant(session.startAt, zone, zoneLabel)}</p>
            {session.interviewerName && <p className="text-sm text-slate-700">with {session.interviewerName}</p>}
          </div>
          <SessionActions session={session} zone={zone} zoneLabel={zoneLabel} />
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-slate-700">
            No interview booked. Practise with a professional before your next placement round.
          </p>
          <Link
            to="/onboarding?type=mockInterview"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Book a mock interview
          </Link>
        </div>
      )}
    </Panel>
  );
}
