import { useState } from "react";
import { formatPaise } from "../../../../shared/money.js";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { TextAreaField } from "../../../ui/field.js";
import { useCancelBooking } from "../api/cancel-booking.js";
import { formatSessionStart } from "../format.js";

interface Props {
  session: DashboardSession;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  zone: string;
  zoneLabel: string;
}

export function CancelDialog({ session, open, onClose, onDone, zone, zoneLabel }: Props) {
  const cancel = useCancelBooking();
  const [reason, setReason] = useState("");
  const submit = () => {
    // mutateAsync, not mutate's onSuccess: the refetch after a cancel removes this card (and this
    // dialog), and a per-call callback is dropped once its component has unmounted.
    cancel
      .mutateAsync({ bookingId: session.bookingId, reason: reason.trim() || undefined })
      .then(() => onDone(`Cancelled. Your refund of ${formatPaise(session.amountPaise)} is on its way.`))
      .catch(() => undefined);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Cancel booking">
      <p className="mt-2 text-sm text-slate-700">
        {session.title}, {formatSessionStart(session, zone, zoneLabel)}. You get a full refund of{" "}
        {formatPaise(session.amountPaise)} to the way you paid, and the seat goes back to other students.
      </p>
      <div className="mt-4">
        <TextAreaField
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={500}
        />
      </div>
      {cancel.isError && (
        <div className="mt-4">
          <Alert tone="error">{cancel.error.message}</Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Keep booking
        </Button>
        <Button variant="danger" onClick={submit} disabled={cancel.isPending}>
          {cancel.isPending ? "Cancelling…" : "Cancel booking"}
        </Button>
      </div>
    </Dialog>
  );
}
