import { useState } from "react";
import { Link } from "react-router";
import { ROOM_CLOSES_AFTER_MINUTES, ROOM_OPENS_BEFORE_MINUTES } from "../../../../shared/constants.js";
import { ROOM_LINK_MESSAGES } from "../../../../shared/messages.js";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../../shared/time.js";
import { Button } from "../../../ui/button.js";
import { CancelDialog } from "./cancel-dialog.js";
import { useNotice } from "./notice.js";
import { RescheduleDialog } from "./reschedule-dialog.js";

const linkBase = "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold";
const linkButton = `${linkBase} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;
const primaryLinkButton = `${linkBase} bg-brand-700 text-white hover:bg-brand-800`;

/** Join, reschedule, cancel and add-to-calendar for one upcoming session; the receipt for any paid one. */
export function SessionActions({
  session,
  zone,
  zoneLabel,
}: {
  session: DashboardSession;
  zone: string;
  zoneLabel: string;
}) {
  const [dialog, setDialog] = useState<"reschedule" | "cancel" | null>(null);
  const notify = useNotice();
  const done = (message: string) => {
    setDialog(null);
    notify(message);
  };
  const upcoming = session.status === "confirmed";
  return (
    <div className="space-y-3">
      {upcoming && (
        <div className="flex flex-wrap gap-2">
          {session.kind === "mock" && (
            <Link to={`/room/${encodeURIComponent(session.bookingId)}`} className={primaryLinkButton}>
              {ROOM_LINK_MESSAGES.join}
              <span className="sr-only"> the interview room</span>
            </Link>
          )}
          {session.kind !== "mock" && session.meetingLink && (
            <a href={session.meetingLink} target="_blank" rel="noreferrer" className={primaryLinkButton}>
              Join session<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {session.canReschedule && (
            <Button variant="secondary" onClick={() => setDialog("reschedule")}>
              Reschedule
            </Button>
          )}
          {session.canCancel && (
            <Button variant="secondary" onClick={() => setDialog("cancel")}>
              Cancel
            </Button>
          )}
          <a
            href={`/api/me/bookings/${encodeURIComponent(session.bookingId)}/calendar.ics`}
            download
            className={linkButton}
          >
            Add to calendar (.ics)
          </a>
          {session.googleCalendarUrl && (
            <a href={session.googleCalendarUrl} target="_blank" rel="noreferrer" className={linkButton}>
              Google Calendar<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      )}
      {session.receiptUrl && (
        <a href={session.receiptUrl} download className={`${linkButton} w-fit`}>
          Download receipt (PDF)
        </a>
      )}
      {upcoming && session.kind === "mock" && (
        <p className="text-sm text-slate-700">
          {ROOM_LINK_MESSAGES.opensBefore(ROOM_OPENS_BEFORE_MINUTES, ROOM_CLOSES_AFTER_MINUTES)}
          {session.meetingLink && (
            <>
              {" "}
              <a
                href={session.meetingLink}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-800 underline"
              >
                {ROOM_LINK_MESSAGES.backupLink}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      )}
      {upcoming && session.kind !== "mock" && !session.meetingLink && (
        <p className="text-sm text-slate-700">The join link appears here once it is set for your session.</p>
      )}
      {upcoming && !session.canCancel && (
        <p className="text-sm text-slate-700">
          Changes closed at {formatInstant(session.changeDeadline, zone, zoneLabel)}, 12 hours before the start.
        </p>
      )}
      {dialog === "reschedule" && (
        <RescheduleDialog
          session={session}
          open
          onClose={() => setDialog(null)}
          onDone={done}
          zone={zone}
          zoneLabel={zoneLabel}
        />
      )}
      {dialog === "cancel" && (
        <CancelDialog
          session={session}
          open
          onClose={() => setDialog(null)}
          onDone={done}
          zone={zone}
          zoneLabel={zoneLabel}
        />
      )}
    </div>
  );
}
