import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { formatSessionStart, STATUS_LABELS } from "../format.js";
import { type Resource, SAVED_RESOURCES } from "../resources.js";
import { Panel } from "./panel.js";
import { ResourceList } from "./saved-resources.js";
import { ScorecardView } from "./scorecard-view.js";
import { SessionList } from "./session-list.js";

const matches = (query: string, ...fields: Array<string | null | undefined>) =>
  fields.some((field) => field?.toLowerCase().includes(query));

/** Header search over the student's own sessions, feedback and the saved resources. */
export function SearchResults({
  query,
  data,
  zone,
  zoneLabel,
}: {
  query: string;
  data: Dashboard;
  zone: string;
  zoneLabel: string;
}) {
  const q = query.trim().toLowerCase();
  const sessions = data.sessions.filter((s) =>
    matches(q, s.title, s.interviewerName, s.level, STATUS_LABELS[s.status], formatSessionStart(s, zone, zoneLabel)),
  );
  const feedback = data.sessions.filter(
    (s) => s.scorecard && matches(q, s.title, s.scorecard.notes, ...s.scorecard.tags),
  );
  const resources: Resource[] = SAVED_RESOURCES.filter((r) => matches(q, r.title, r.description, r.topic));
  const total = sessions.length + feedback.length + resources.length;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Search results for “{query.trim()}”</h1>
      <p role="status" className="text-slate-700">
        {total === 0 ? "Nothing matches. Try another word." : `${total} result${total === 1 ? "" : "s"}`}
      </p>
      {sessions.length > 0 && (
        <Panel title="Sessions">
          <SessionList sessions={sessions} empty="" zone={zone} zoneLabel={zoneLabel} />
        </Panel>
      )}
      {feedback.length > 0 && (
        <Panel title="Feedback">
          <ul className="space-y-3">
            {feedback.map((s) =>
              s.scorecard ? (
                <li key={s.bookingId}>
                  <p className="mb-1 text-sm font-medium text-slate-900">
                    {s.title}, {formatSessionStart(s, zone, zoneLabel)}
                  </p>
                  <ScorecardView scorecard={s.scorecard} />
                </li>
              ) : null,
            )}
          </ul>
        </Panel>
      )}
      {resources.length > 0 && (
        <Panel title="Resources">
          <ResourceList resources={resources} />
        </Panel>
      )}
    </div>
  );
}
