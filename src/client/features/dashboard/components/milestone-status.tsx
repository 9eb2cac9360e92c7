import type { MilestoneStatus } from "../../../../shared/schemas/programme.js";

export const SUBMISSION_STATUS_LABELS: Record<MilestoneStatus, string> = {
  open: "Open",
  submitted: "Waiting for review",
  changes_requested: "Changes requested",
  approved: "Approved",
};

const TONES: Record<MilestoneStatus, string> = {
  open: "bg-slate-100 text-slate-800",
  submitted: "bg-brand-50 text-brand-900",
  changes_requested: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
};

export function MilestoneStatusBadge({ status }: { status: MilestoneStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {SUBMISSION_STATUS_LABELS[status]}
    </span>
  );
}
