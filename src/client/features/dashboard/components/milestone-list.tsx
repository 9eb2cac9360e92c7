import type { Milestone } from "../../../../shared/schemas/programme.js";
import { formatDayLabel } from "../../../../shared/time.js";
import type { ApiError } from "../../../lib/api.js";
import { useSubmitMilestone } from "../api/submit-milestone.js";
import { MilestoneStatusBadge } from "./milestone-status.js";
import { SubmissionForm } from "./submission-form.js";
import { SubmissionThread } from "./submission-thread.js";

/** Each week of the plan: deliverables, due date, status, the hand-ins and their reviews, and the form when open. */
export function MilestoneList({
  bookingId,
  milestones,
  currentWeek,
  zone,
  zoneLabel,
}: {
  bookingId: string;
  milestones: Milestone[];
  currentWeek: number;
  zone: string;
  zoneLabel: string;
}) {
  const submit = useSubmitMilestone(bookingId);
  return (
    <ol className="space-y-4">
      {milestones.map((m) => {
        const canSubmit = m.status === "open" || m.status === "changes_requested";
        const week = submit.variables?.week === m.week;
        return (
          <li
            key={m.week}
            aria-current={m.week === currentWeek ? "step" : undefined}
            className={`space-y-3 rounded-xl border p-4 ${m.week === currentWeek ? "border-brand-600" : "border-slate-200"}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-slate-900">
                  Week {m.week}: {m.title}
                </h3>
                <p className="text-sm text-slate-700">{m.deliverables}</p>
                <p className="text-sm text-slate-800">
                  Due {formatDayLabel(m.dueDate)}
                  {m.missing && <span className="ml-2 font-semibold text-red-700">Missing</span>}
                </p>
              </div>
              <MilestoneStatusBadge status={m.status} />
            </div>
            <SubmissionThread submissions={m.submissions} zone={zone} zoneLabel={zoneLabel} />
            {canSubmit && (
              <SubmissionForm
                label={`Submit week ${m.week}`}
                submitLabel={m.status === "changes_requested" ? `Resubmit week ${m.week}` : `Submit week ${m.week}`}
                pending={submit.isPending && week}
                error={week ? (submit.error as ApiError | null) : null}
                onSubmit={(input) => submit.mutate({ ...input, week: m.week })}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
