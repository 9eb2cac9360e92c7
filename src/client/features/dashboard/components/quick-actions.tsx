import { useState } from "react";
import { Link } from "react-router";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { Panel } from "./panel.js";
import { ProgressReportDialog } from "./progress-report-dialog.js";

const tile =
  "flex min-h-20 w-full flex-col items-start justify-center rounded-xl border border-slate-200 bg-white p-3 text-left text-sm hover:border-brand-600 hover:bg-brand-50";

type Action = { title: string; text: string } & ({ to: string } | { dialog: "report" });

/** The six quick actions (docs/product.md, Dashboard), each leading somewhere real. */
const ACTIONS: Action[] = [
  { title: "Book mock", text: "Pick a slot with a professional", to: "/onboarding?type=mockInterview" },
  { title: "15-minute practice", text: "Questions by domain and topic, timed", to: "/practice" },
  { title: "Upload resume", text: "Share it with your interviewers", to: "/dashboard?tab=profile#resume" },
  { title: "Browse workshops", text: "Live, project-based sessions", to: "/onboarding?type=workshop" },
  { title: "View feedback", text: "Every scorecard so far", to: "/dashboard?tab=interviews#feedback" },
  { title: "Progress report", text: "Your averages by area", dialog: "report" },
];

export function QuickActions({
  sessions,
  zone,
  zoneLabel,
}: {
  sessions: DashboardSession[];
  zone: string;
  zoneLabel: string;
}) {
  const [open, setOpen] = useState<"report" | null>(null);
  return (
    <Panel title="Quick actions">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {ACTIONS.map((action) => {
          const content = (
            <>
              <span className="font-semibold text-slate-900">{action.title}</span>
              <span className="text-slate-700">{action.text}</span>
            </>
          );
          return (
            <li key={action.title}>
              {"to" in action ? (
                <Link to={action.to} className={tile}>
                  {content}
                </Link>
              ) : (
                <button type="button" className={tile} onClick={() => setOpen(action.dialog)}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {open === "report" && (
        <ProgressReportDialog sessions={sessions} onClose={() => setOpen(null)} zone={zone} zoneLabel={zoneLabel} />
      )}
    </Panel>
  );
}
