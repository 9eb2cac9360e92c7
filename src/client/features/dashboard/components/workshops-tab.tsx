import { Link } from "react-router";
import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { isUpcoming } from "../format.js";
import { CapstonesPanel } from "./capstone-panel.js";
import { Panel } from "./panel.js";
import { SessionList } from "./session-list.js";

export function WorkshopsTab({ data, zone, zoneLabel }: { data: Dashboard; zone: string; zoneLabel: string }) {
  const workshops = data.sessions.filter((s) => s.kind === "workshop");
  const upcoming = workshops.filter((s) => isUpcoming(s));
  const past = workshops.filter((s) => !isUpcoming(s)).reverse();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Workshops</h1>
      <Panel
        title="Booked sessions"
        action={
          <Link to="/onboarding?type=workshop" className="text-sm font-medium text-brand-800 underline">
            Book a workshop
          </Link>
        }
      >
        <SessionList sessions={upcoming} empty="No upcoming workshops." zone={zone} zoneLabel={zoneLabel} />
      </Panel>
      <CapstonesPanel sessions={workshops} zone={zone} zoneLabel={zoneLabel} />
      <Panel title="Attended and certificates">
        <SessionList
          sessions={past}
          empty="Workshops you attend appear here with their certificate."
          zone={zone}
          zoneLabel={zoneLabel}
        />
      </Panel>
    </div>
  );
}
