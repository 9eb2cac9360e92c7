import { useState } from "react";
import { Link } from "react-router";
import { type BookingKind, PAID_STATUSES } from "../../../../shared/constants.js";
import { useMarkOutcome } from "../../../shared/scorecard/api.js";
import { ScorecardDialog } from "../../../shared/scorecard/scorecard-dialog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useIssueCertificate } from "../api/issue-certificate.js";
import { useRevokeCertificate } from "../api/revoke-certificate.js";
import { CancelWithRefundDialog } from "./cancel-booking-dialog.js";
import { ConfirmDialog } from "./confirm-dialog.js";

const endDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));

export interface AfterSessionBooking {
  id: string;
  kind: BookingKind;
  status: string;
  /** When the session (or the internship) starts and ends. */
  startAt: string;
  endAt: string | null;
  certificate: { code: string; status: "valid" | "revoked" } | null;
}

/**
 * The admin's actions on one booking in the Bookings list: mark completed or no-show and enter the
 * scorecard (mock interviews), mark attendance or completion with a certificate (workshops and
 * internships), and cancel with a refund while it is confirmed.
 */
export function AfterSessionActions({ booking }: { booking: AfterSessionBooking }) {
  const [dialog, setDialog] = useState<"scorecard" | "cancel" | "revoke" | null>(null);
  const outcome = useMarkOutcome("admin");
  const certificate = useIssueCertificate();
  const revoke = useRevokeCertificate();
  const config = useClientConfig();
  const started = Date.parse(booking.startAt) <= Date.now();
  // An internship's certificate of completion waits for the batch's last week to end.
  const certifiable =
    booking.kind === "internship" ? booking.endAt !== null && Date.parse(booking.endAt) <= Date.now() : started;
  const attended = (PAID_STATUSES as readonly string[]).includes(booking.status);
  const issued = certificate.data?.certificate.code ?? booking.certificate?.code;
  const valid = certificate.data
    ? certificate.data.certificate.status === "valid"
    : booking.certificate?.status === "valid";
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
        {booking.kind !== "mock" &&
          certifiable &&
          !issued &&
          (booking.status === "confirmed" || booking.status === "completed") && (
            <Button onClick={() => certificate.mutate(booking.id)} disabled={certificate.isPending}>
              {booking.kind === "workshop"
                ? "Mark attended and issue certificate"
                : "Mark completed and issue certificate"}
            </Button>
          )}
        {issued && valid && (
          <Button variant="secondary" onClick={() => setDialog("revoke")}>
            Revoke certificate<span className="sr-only"> {issued}</span>
          </Button>
        )}
        {booking.status === "confirmed" && (
          <Button variant="danger" onClick={() => setDialog("cancel")}>
            Cancel with refund
          </Button>
        )}
      </div>
      {booking.kind === "internship" && started && !certifiable && booking.endAt && !issued && (
        <p className="text-sm text-slate-700">
          The certificate can be issued once the batch ends, on{" "}
          {endDay(booking.endAt, config.data?.timeZone ?? "Asia/Kolkata")}.
        </p>
      )}
      {issued && !valid && !certificate.data && (
        <p className="text-sm text-slate-700">
          Certificate{" "}
          <Link to={`/certificates/${issued}`} className="underline">
            {issued}
          </Link>{" "}
          was revoked.
        </p>
      )}
      {issued && valid && !certificate.data && (
        <p className="text-sm text-slate-700">
          Certificate{" "}
          <Link to={`/certificates/${issued}`} className="underline">
            {issued}
          </Link>{" "}
          issued.
        </p>
      )}
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
      {dialog === "scorecard" && (
        <ScorecardDialog author="admin" bookingId={booking.id} onClose={() => setDialog(null)} />
      )}
      {dialog === "revoke" && issued && (
        <ConfirmDialog
          title={`Revoke certificate ${issued}?`}
          confirmLabel="Revoke certificate"
          pending={revoke.isPending}
          error={revoke.error?.message}
          onConfirm={() =>
            revoke.mutate(issued, {
              onSuccess: () => {
                certificate.reset();
                setDialog(null);
              },
            })
          }
          onClose={() => {
            revoke.reset();
            setDialog(null);
          }}
        >
          Its public page will say it was revoked and its PDF is no longer served. This cannot be undone.
        </ConfirmDialog>
      )}
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
