import { Link } from "react-router";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../../shared/time.js";
import { Panel } from "./panel.js";
import { ScoreTags } from "./score-tags.js";

const SHOWN = 3;

export function RecentFeedback({
  sessions,
  zone,
  zoneLabel,
}: {
  sessions: DashboardSession[];
  zone: string;
  zoneLabel: string;
}) {
  const scored = sessions
    .filter((s) => s.scorecard)
    .sort((a, b) => (b.scorecard?.updatedAt ?? "").localeCompare(a.scorecard?.updatedAt ?? ""))
    .slice(0, SHOWN);
  return (
    <Panel
      title="Recent feedback"
      action={
        <Link
          to="/dashboard?tab=interviews#feedback"
          className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          All feedback
        </Link>
      }
    >
      {scored.length === 0 ? (
        <p className="text-slate-700">Scorecards from your interviewers appear here after each mock interview.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3">
          {scored.map((s) => (
            <li key={s.bookingId} className="rounded-xl border border-slate-200 p-4">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">{s.title}</p>
                  <p className="text-xs text-slate-600">{formatInstant(s.startAt, zone, zoneLabel)}</p>
                </div>
                <p className="shrink-0 rounded-lg bg-brand-50 px-2 py-1 text-sm font-bold text-brand-900">
                  {s.scorecard?.overall}/5<span className="sr-only"> overall</span>
                </p>
              </div>
              {s.scorecard && (
                <div className="mt-2 space-y-2">
                  <ScoreTags tags={s.scorecard.tags} />
                  {s.scorecard.notes && <p className="line-clamp-3 text-sm text-slate-700">{s.scorecard.notes}</p>}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
