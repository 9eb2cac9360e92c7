import { useState } from "react";
import { Link } from "react-router";
import { ROOM_CLOSES_AFTER_MINUTES, ROOM_OPENS_BEFORE_MINUTES } from "../../../../shared/constants.js";
import { ROOM_LINK_MESSAGES } from "../../../../shared/messages.js";
import type { OnboardingCall } from "../../../../shared/schemas/programme.js";
import { formatClock, formatDayLabel, formatInstant, zonedDate } from "../../../../shared/time.js";
import type { ApiError } from "../../../lib/api.js";
import { Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField } from "../../../ui/field.js";
import { useBookOnboardingCall } from "../api/book-onboarding-call.js";
import { useCallTimes } from "../api/get-call-times.js";

/** The booked onboarding call with the way into its room (and the backup link), or the mentor's free half hours to choose from. */
export function OnboardingCallCard({
  bookingId,
  call,
  hasMentor,
  zone,
  zoneLabel,
}: {
  bookingId: string;
  call: OnboardingCall | null;
  hasMentor: boolean;
  zone: string;
  zoneLabel: string;
}) {
  if (call) {
    return (
      <div className="space-y-2">
        <p className="text-slate-900">
          Onboarding call with {call.mentorName}: <strong>{formatInstant(call.startAt, zone, zoneLabel)}</strong> (30
          minutes)
        </p>
        <Link
          to={`/room/${encodeURIComponent(bookingId)}`}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Join the call<span className="sr-only"> in the session room</span>
        </Link>
        <p className="text-sm text-slate-700">
          {ROOM_LINK_MESSAGES.opensBefore(ROOM_OPENS_BEFORE_MINUTES, ROOM_CLOSES_AFTER_MINUTES)}
          {call.joinUrl && (
            <>
              {" "}
              <a href={call.joinUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
                {ROOM_LINK_MESSAGES.backupLink}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      </div>
    );
  }
  if (!hasMentor) return <p className="text-slate-700">Your mentor is being assigned. You can book the call then.</p>;
  return <CallPicker bookingId={bookingId} zone={zone} zoneLabel={zoneLabel} />;
}

function CallPicker({ bookingId, zone, zoneLabel }: { bookingId: string; zone: string; zoneLabel: string }) {
  const times = useCallTimes(bookingId, true);
  const book = useBookOnboardingCall(bookingId);
  const [chosen, setChosen] = useState("");
  if (times.isPending) return <Spinner label="Loading your mentor's free times…" />;
  if (times.isError)
    return (
      <p role="alert" className="text-red-700">
        {times.error.message}
      </p>
    );
  if (times.data.length === 0)
    return <p className="text-slate-700">Your mentor has no free time in the next two weeks.</p>;
  const startAt = chosen || times.data[0]?.startAt || "";
  const error = book.error as ApiError | null;
  return (
    <form
      className="space-y-3"
      aria-label="Book your onboarding call"
      onSubmit={(event) => {
        event.preventDefault();
        book.mutate(startAt);
      }}
    >
      <SelectField
        label="Choose a time for your 30-minute onboarding call"
        value={startAt}
        onChange={(e) => setChosen(e.target.value)}
      >
        {times.data.map((t) => (
          <option key={t.startAt} value={t.startAt}>
            {formatDayLabel(zonedDate(new Date(t.startAt), zone))}, {formatClock(t.startAt, zone)} {zoneLabel}
          </option>
        ))}
      </SelectField>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={book.isPending}>
        {book.isPending ? "Booking…" : "Book onboarding call"}
      </Button>
    </form>
  );
}
