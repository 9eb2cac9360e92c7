import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../../shared/time.js";
import type { ApiError } from "../../../lib/api.js";
import { useCapstone } from "../api/get-capstone.js";
import { useSubmitCapstone } from "../api/submit-capstone.js";
import { MilestoneStatusBadge } from "./milestone-status.js";
import { Panel } from "./panel.js";
import { SubmissionForm } from "./submission-form.js";
import { SubmissionThread } from "./submission-thread.js";

/** The capstones of the student's workshops: brief, deadline, hand-ins with reviews, and the form while open. */
export function CapstonesPanel({
  sessions,
  zone,
  zoneLabel,
}: {
  sessions: DashboardSession[];
  zone: string;
  zoneLabel: string;
}) {
  const attended = sessions.filter((s) => s.status === "confirmed" || s.status === "completed");
  if (attended.length === 0) return null;
  return (
    <Panel title="Capstones">
      <ul className="space-y-4">
        {attended.map((s) => (
          <CapstoneItem key={s.bookingId} session={s} zone={zone} zoneLabel={zoneLabel} />
        ))}
      </ul>
    </Panel>
  );
}

function CapstoneItem({ session, zone, zoneLabel }: { session: DashboardSession; zone: string; zoneLabel: string }) {
  const capstone = useCapstone(session.bookingId);
  const submit = useSubmitCapstone(session.bookingId);
  if (!capstone.data) return null;
  const c = capstone.data;
  const latest = c.submissions.at(-1);
  const status = latest?.status ?? "open";
  const open = c.dueAt !== null && Date.parse(c.dueAt) > Date.now() && Date.parse(session.startAt) <= Date.now();
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{c.workshopTitle}</h3>
        {c.brief && <MilestoneStatusBadge status={status} />}
      </div>
      {c.brief ? (
        <>
          <p className="text-sm text-slate-800">{c.brief}</p>
          {c.dueAt && <p className="text-sm text-slate-800">Hand in by {formatInstant(c.dueAt, zone, zoneLabel)}</p>}
          <p className="text-sm text-slate-700">
            An approved capstone earns a certificate of completion; without one, the certificate is of attendance.
          </p>
          <SubmissionThread submissions={c.submissions} zone={zone} zoneLabel={zoneLabel} />
          {open && (status === "open" || status === "changes_requested") && (
            <SubmissionForm
              label={`Capstone for ${c.workshopTitle}`}
              submitLabel={status === "changes_requested" ? "Resubmit capstone" : "Submit capstone"}
              pending={submit.isPending}
              error={submit.error as ApiError | null}
              onSubmit={(input) => submit.mutate(input)}
            />
          )}
          {!open && Date.parse(session.startAt) > Date.now() && (
            <p className="text-sm text-slate-700">You can hand it in once the workshop starts.</p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">This workshop has no capstone.</p>
      )}
    </li>
  );
}
