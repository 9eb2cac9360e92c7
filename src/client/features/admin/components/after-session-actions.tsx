import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useIssueCertificate } from "../api/issue-certificate.js";
import { useMarkOutcome } from "../api/mark-outcome.js";
import { CancelWithRefundDialog } from "./cancel-booking-dialog.js";
import { ScorecardDialog } from "./scorecard-dialog.js";

export interface AfterSessionBooking {
  id: string;
  kind: "mock" | "workshop" | "internship";
  status: string;
  /** When the session (or the internship) starts. */
  startAt: string;
}

/**
 * The admin's actions on one booking in the Bookings list: mark completed or no-show and enter the
 * scorecard (mock interviews), mark attendance or completion with a certificate (workshops and
 * internships), and cancel with a refund while it is confirmed.
 */
export function AfterSessionActions({ booking }: { booking: AfterSessionBooking }) {
  const [dialog, setDialog] = useState<"scorecard" | "cancel" | null>(null);
  const outcome = useMarkOutcome();
  const certificate = useIssueCertificate();
  const started = Date.parse(booking.startAt) <= Date.now();
  const attended = ["confirmed", "completed", "no_show"].includes(booking.status);
  const error = outcome.error ?? certificate.error;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {booking.kind === "mock" && started && attended && (
          <>
            <Button
              variant="secondary"
              onClick={() => outcome.mutate({ bookingId: booking.id, outcome: "completed" })}
              disabled={outcome.isPending}
            >
              Mark completed
            </Button>
            <Button
              variant="secondary"
              onClick={() => outcome.mutate({ bookingId: booking.id, outcome: "no_show" })}
              disabled={outcome.isPending}
            >
              Mark no-show
            </Button>
            {booking.status !== "no_show" && <Button onClick={() => setDialog("scorecard")}>Scorecard</Button>}
          </>
        )}
        {booking.kind !== "mock" && started && (booking.status === "confirmed" || booking.status === "completed") && (
          <Button onClick={() => certificate.mutate(booking.id)} disabled={certificate.isPending}>
            {booking.kind === "workshop"
              ? "Mark attended and issue certificate"
              : "Mark completed and issue certificate"}
          </Button>
        )}
        {booking.status === "confirmed" && (
          <Button variant="danger" onClick={() => setDialog("cancel")}>
            Cancel with refund
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error.message}</Alert>}
      {certificate.data && (
        <Alert tone="success">
          Certificate{" "}
          <Link to={`/certificates/${certificate.data.certificate.code}`} className="font-semibold underline">
            {certificate.data.certificate.code}
          </Link>{" "}
          {certificate.data.created ? "issued; the student has been notified." : "was already issued."}
        </Alert>
      )}
      {dialog === "scorecard" && <ScorecardDialog bookingId={booking.id} onClose={() => setDialog(null)} />}
      {dialog === "cancel" && (
        <CancelWithRefundDialog
          target={{ type: "booking", bookingId: booking.id }}
          title="Cancel booking"
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
