import { useState } from "react";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import type { InternshipDto } from "../../../../shared/schemas/internships.js";
import { formatDayLabel, zonedDate } from "../../../../shared/time.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useDeleteInternship } from "../api/delete-internship.js";
import { useInternships } from "../api/get-internships.js";
import { useConsoleStream } from "../api/slot-stream.js";
import { CancelWithRefundDialog } from "./cancel-booking-dialog.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { InternshipForm } from "./internship-form.js";
import { SectionLayout } from "./section-layout.js";

/** The add form and list (newest start date first), with edit and delete. */
export function InternshipsSection() {
  const internships = useInternships();
  const label = useCatalogLabel();
  useConsoleStream("internships");
  const remove = useDeleteInternship();
  const [editing, setEditing] = useState<InternshipDto>();
  const [deleting, setDeleting] = useState<InternshipDto>();
  const [cancelling, setCancelling] = useState<InternshipDto>();
  const config = useClientConfig();
  const today = zonedDate(new Date(), config.data?.timeZone ?? "Asia/Kolkata");

  return (
    <SectionLayout id="internships" title="Internships">
      <div className="grid items-start gap-6 lg:grid-cols-[28rem_1fr]">
        <InternshipForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(undefined)} />
        <div className="space-y-3">
          {internships.isPending && <Spinner label="Loading internships…" />}
          {internships.isError && <Alert tone="error">{internships.error.message}</Alert>}
          {internships.data?.length === 0 && <p className="text-slate-700">No internships yet.</p>}
          <ul aria-label="Internships, newest start date first" className="space-y-2">
            {internships.data?.map((i) => (
              <li key={i.id} className="rounded-xl border border-slate-300 bg-white p-3">
                <p className="font-semibold text-slate-900">{i.title}</p>
                <p className="text-sm text-slate-700">
                  Starts {formatDayLabel(i.startDate)} {i.startDate.slice(0, 4)} · {i.weeks}{" "}
                  {i.weeks === 1 ? "week" : "weeks"} · Mentor {i.mentor} · {label(i.trackKey)} ·{" "}
                  {i.cancelledAt ? <strong>Cancelled</strong> : `${i.seatsLeft} of ${i.capacity} seats left`}
                </p>
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer text-slate-800">
                    Weekly plan<span className="sr-only"> of {i.title}</span>
                  </summary>
                  <ol className="mt-1 list-decimal space-y-1 pl-6 text-slate-800">
                    {i.weekPlans.map((week, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional
                      <li key={index}>
                        <span className="font-medium">{week.title || `Week ${index + 1}`}</span>
                        {week.deliverables && <span> — {week.deliverables}</span>}
                      </li>
                    ))}
                  </ol>
                </details>
                {!i.cancelledAt && (
                  <div className="mt-2 flex gap-4 text-sm">
                    <button type="button" className="min-h-6 underline" onClick={() => setEditing(i)}>
                      Edit<span className="sr-only"> {i.title}</span>
                    </button>
                    {i.booked === 0 ? (
                      <button type="button" className="min-h-6 text-red-800 underline" onClick={() => setDeleting(i)}>
                        Delete<span className="sr-only"> {i.title}</span>
                      </button>
                    ) : (
                      i.startDate > today && (
                        <button
                          type="button"
                          className="min-h-6 text-red-800 underline"
                          onClick={() => setCancelling(i)}
                        >
                          Cancel batch<span className="sr-only"> {i.title}</span>
                        </button>
                      )
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {cancelling && (
        <CancelWithRefundDialog
          target={{ type: "internships", id: cancelling.id }}
          title={`Cancel ${cancelling.title}`}
          onClose={() => setCancelling(undefined)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={ADMIN_MESSAGES.deleteInternshipConfirm}
          confirmLabel="Delete internship"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) })}
          onClose={() => {
            remove.reset();
            setDeleting(undefined);
          }}
        >
          {deleting.title}, starting {formatDayLabel(deleting.startDate)}.
        </ConfirmDialog>
      )}
    </SectionLayout>
  );
}
