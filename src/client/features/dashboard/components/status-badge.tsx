import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { STATUS_LABELS, statusTone } from "../format.js";

export function StatusBadge({ status }: { status: DashboardSession["status"] }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone(status)}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
