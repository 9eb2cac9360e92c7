import { useState } from "react";
import { MESSAGES } from "../../../../shared/messages.js";
import type { SlotDto } from "../../../../shared/schemas/slots.js";
import { formatClock } from "../../../../shared/time.js";
import { useDeleteSlot } from "../api/delete-slot.js";
import { CancelWithRefundDialog } from "./cancel-booking-dialog.js";
import { ConfirmDialog } from "./confirm-dialog.js";

const PACKAGE_NAMES: Record<string, string> = { service: "Service", product: "Product", maang: "MAANG" };

/**
 * One slot in the week view: time, interviewer, packages, seats left. A slot students have paid for
 * is cancelled (refunding them), never deleted.
 */
export function SlotCard({
  slot,
  zone,
  dayLabel,
  onEdit,
}: {
  slot: SlotDto;
  zone: string;
  dayLabel: string;
  onEdit: () => void;
}) {
  const [dialog, setDialog] = useState<"delete" | "cancel">();
  const remove = useDeleteSlot();
  const time = `${formatClock(slot.startAt, zone)}–${formatClock(slot.endAt, zone)}`;
  const which = (
    <span className="sr-only">
      {" "}
      the {formatClock(slot.startAt, zone)} slot on {dayLabel}
    </span>
  );
  const ended = Date.parse(slot.endAt) <= Date.now();

  return (
    <li
      aria-label={`${time} with ${slot.interviewerName}`}
      className={`rounded-lg border bg-white p-2 text-xs text-slate-900 ${slot.status === "draft" ? "border-dashed border-slate-500" : "border-slate-300"}`}
    >
      <p className="font-semibold">{time}</p>
      <p>{slot.interviewerName}</p>
      <p className="text-slate-700">{slot.packageTypes.map((p) => PACKAGE_NAMES[p] ?? p).join(", ")}</p>
      <p>
        {slot.cancelledAt ? (
          <strong>Cancelled</strong>
        ) : (
          `${slot.seatsLeft} of ${slot.capacity} ${slot.capacity === 1 ? "seat" : "seats"} left`
        )}
        {slot.status === "draft" && <span className="ml-1 rounded bg-slate-200 px-1 font-semibold">Draft</span>}
      </p>
      {!slot.cancelledAt && (
        <div className="mt-1 flex flex-wrap gap-x-3">
          {!ended && (
            <button type="button" className="min-h-6 underline" onClick={onEdit}>
              Edit{which}
            </button>
          )}
          {slot.booked > 0 ? (
            !ended && (
              <button type="button" className="min-h-6 text-red-800 underline" onClick={() => setDialog("cancel")}>
                Cancel{which}
              </button>
            )
          ) : (
            <button type="button" className="min-h-6 text-red-800 underline" onClick={() => setDialog("delete")}>
              Delete{which}
            </button>
          )}
        </div>
      )}
      {dialog === "delete" && (
        <ConfirmDialog
          title={MESSAGES.deleteSlotConfirm}
          confirmLabel="Delete slot"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(slot.id, { onSuccess: () => setDialog(undefined) })}
          onClose={() => {
            remove.reset();
            setDialog(undefined);
          }}
        >
          {dayLabel}, {time} with {slot.interviewerName}
        </ConfirmDialog>
      )}
      {dialog === "cancel" && (
        <CancelWithRefundDialog
          target={{ type: "slots", id: slot.id }}
          title={`Cancel the ${formatClock(slot.startAt, zone)} slot with ${slot.interviewerName}`}
          onClose={() => setDialog(undefined)}
        />
      )}
    </li>
  );
}
