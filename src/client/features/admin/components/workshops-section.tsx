import { useState } from "react";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import type { WorkshopDto } from "../../../../shared/schemas/workshops.js";
import { formatClock, formatInstant } from "../../../../shared/time.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useDeleteWorkshop } from "../api/delete-workshop.js";
import { useWorkshops } from "../api/get-workshops.js";
import { useConsoleStream } from "../api/slot-stream.js";
import { CancelWithRefundDialog } from "./cancel-booking-dialog.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { SectionLayout } from "./section-layout.js";
import { WorkshopForm } from "./workshop-form.js";

/** Workshop sessions by topic and level: add, edit, delete, or cancel once students have paid. */
export function WorkshopsSection() {
  const config = useClientConfig();
  const label = useCatalogLabel();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const workshops = useWorkshops();
  useConsoleStream("workshops");
  const remove = useDeleteWorkshop();
  const [editing, setEditing] = useState<WorkshopDto>();
  const [dialog, setDialog] = useState<{ kind: "delete" | "cancel"; workshop: WorkshopDto }>();

  return (
    <SectionLayout id="workshops" title="Workshops">
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_1fr]">
        <WorkshopForm key={editing?.id ?? "new"} editing={editing} zone={zone} onDone={() => setEditing(undefined)} />
        <div className="space-y-3">
          {workshops.isPending && <Spinner label="Loading workshops…" />}
          {workshops.isError && <Alert tone="error">{workshops.error.message}</Alert>}
          {workshops.data?.length === 0 && <p className="text-slate-700">No workshop sessions yet.</p>}
          <ul aria-label="Workshop sessions, latest first" className="space-y-2">
            {workshops.data?.map((w) => {
              const upcoming = Date.parse(w.endAt) > Date.now();
              return (
                <li key={w.id} className="rounded-xl border border-slate-300 bg-white p-3">
                  <p className="font-semibold text-slate-900">
                    {w.title}{" "}
                    <span className="text-sm font-normal text-slate-700">
                      ({label(w.topicKey)}, {w.level})
                    </span>
                  </p>
                  <p className="text-sm text-slate-700">
                    {formatInstant(w.startAt, zone, zoneLabel)} to {formatClock(w.endAt, zone)} ·{" "}
                    {w.cancelledAt ? <strong>Cancelled</strong> : `${w.seatsLeft} of ${w.capacity} seats left`} ·{" "}
                    {w.status === "draft" ? "Draft" : "Published"}
                  </p>
                  {w.hostName && <p className="text-sm text-slate-700">Hosted by {w.hostName}</p>}
                  {!w.cancelledAt && (
                    <div className="mt-2 flex gap-4 text-sm">
                      {upcoming && (
                        <button type="button" className="min-h-6 underline" onClick={() => setEditing(w)}>
                          Edit<span className="sr-only"> {w.title}</span>
                        </button>
                      )}
                      {w.booked > 0 ? (
                        upcoming && (
                          <button
                            type="button"
                            className="min-h-6 text-red-800 underline"
                            onClick={() => setDialog({ kind: "cancel", workshop: w })}
                          >
                            Cancel<span className="sr-only"> {w.title}</span>
                          </button>
                        )
                      ) : (
                        <button
                          type="button"
                          className="min-h-6 text-red-800 underline"
                          onClick={() => setDialog({ kind: "delete", workshop: w })}
                        >
                          Delete<span className="sr-only"> {w.title}</span>
                        </button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={ADMIN_MESSAGES.deleteWorkshopConfirm}
          confirmLabel="Delete workshop"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(dialog.workshop.id, { onSuccess: () => setDialog(undefined) })}
          onClose={() => {
            remove.reset();
            setDialog(undefined);
          }}
        >
          {dialog.workshop.title}, {formatInstant(dialog.workshop.startAt, zone, zoneLabel)}
        </ConfirmDialog>
      )}
      {dialog?.kind === "cancel" && (
        <CancelWithRefundDialog
          target={{ type: "workshops", id: dialog.workshop.id }}
          title={`Cancel ${dialog.workshop.title}`}
          onClose={() => setDialog(undefined)}
        />
      )}
    </SectionLayout>
  );
}
