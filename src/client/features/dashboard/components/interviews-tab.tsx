import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { isUpcoming } from "../format.js";
import { Panel } from "./panel.js";
import { SessionList } from "./session-list.js";

export function InterviewsTab({ data, zone, zoneLabel }: { data: Dashboard; zone: string; zoneLabel: string }) {
  const mocks = data.sessions.filter((s) => s.kind === "mock");
  const upcoming = mocks.filter((s) => isUpcoming(s));
  const past = mocks.filter((s) => !isUpcoming(s)).reverse();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Interviews</h1>
      <Panel title="Upcoming">
        <SessionList sessions={upcoming} empty="No upcoming mock interviews." zone={zone} zoneLabel={zoneLabel} />
      </Panel>
      <Panel title="Past and feedback" id="feedback">
        <SessionList
          sessions={past}
          empty="Your past interviews and their scorecards will be listed here."
          zone={zone}
          zoneLabel={zoneLabel}
        />
      </Panel>
    </div>
  );
}
