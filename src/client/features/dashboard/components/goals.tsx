import { Link } from "react-router";
import type { Goal } from "../../../../shared/schemas/dashboard.js";
import { Panel } from "./panel.js";

export function Goals({ goals }: { goals: Goal[] }) {
  return (
    <Panel title="Goals">
      <ul className="space-y-4">
        {goals.map((goal) => {
          const percent = Math.round((Math.min(goal.current, goal.target) / goal.target) * 100);
          return (
            <li key={goal.id}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <Link to={goal.href} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                  {goal.label}
                </Link>
                <span className="shrink-0 text-slate-700">{percent}%</span>
              </div>
              <div
                role="progressbar"
                aria-label={goal.label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
