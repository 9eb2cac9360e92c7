import { useState } from "react";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { TextAreaField } from "../../../ui/field.js";
import { useCancelBookingAsAdmin } from "../api/cancel-booking.js";
import { useCancelSession } from "../api/cancel-session.js";
import { AdminError } from "./admin-error.js";

type Target = { type: "booking"; bookingId: string } | { type: "slots" | "workshops" | "internships"; id: string };

/**
 * Cancel with refund: one booking, or a whole slot or workshop session (every booking on it).
 * The students are told by notification and e-mail, with a calendar cancellation.
 */
export function CancelWithRefundDialog({
  target,
  title,
  onClose,
}: {
  target: Target;
  title: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const one = useCancelBookingAsAdmin();
  const all = useCancelSession();
  const mutation = target.type === "booking" ? one : all;
  const submit = () => {
    if (target.type === "booking") one.mutate({ bookingId: target.bookingId, reason: reason.trim() });
    else all.mutate({ kind: target.type, id: target.id, reason: reason.trim() });
  };
  return (
    <Dialog open onClose={onClose} title={title}>
      <p className="mt-2 text-sm text-slate-700">
        {target.type === "booking"
          ? "The booking is cancelled and its payment refunded in full. The student is notified by e-mail and in the app."
          : "Students see it disappear. Every booking on it is cancelled and refunded in full, and every booked student is notified."}
      </p>
      <div className="mt-4">
        <TextAreaField
          label="Reason shown to the student"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {mutation.isError && (
        <div className="mt-4">
          <AdminError error={mutation.error} />
        </div>
      )}
      {mutation.data && (
        <div className="mt-4">
          <Alert tone="success">
            Cancelled {mutation.data.cancelledBookings} booking{mutation.data.cancelledBookings === 1 ? "" : "s"};{" "}
            {mutation.data.refundsQueued} refund{mutation.data.refundsQueued === 1 ? "" : "s"} on the way.
          </Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {!mutation.data && (
          <Button variant="danger" onClick={submit} disabled={mutation.isPending}>
            {mutation.isPending ? "Cancelling…" : "Cancel and refund"}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
