import { useEffect, useRef } from "react";
import { Link } from "react-router";
import {
  RESCHEDULE_MIN_NOTICE_HOURS,
  ROOM_CLOSES_AFTER_MINUTES,
  ROOM_OPENS_BEFORE_MINUTES,
} from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES, ROOM_LINK_MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import { formatInstant } from "../../../../shared/time.js";
import { useProfile } from "../../../shared/profile/profile.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useBookingConfirmation } from "../api/confirmation.js";

const linkButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";
const primaryLink =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";

/**
 * After paying (docs/product.md, Booking flow): the same facts as the order summary, the calendar,
 * what happens next, then the profile step only when something is still missing.
 */
export function ConfirmationStep({ bookingId }: { bookingId: string }) {
  const confirmation = useBookingConfirmation(bookingId);
  const profile = useProfile();
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = confirmation.isSuccess;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  if (confirmation.isPending) return <Spinner label="Loading your booking…" />;
  if (confirmation.isError) return <Alert tone="error">{confirmation.error.message}</Alert>;
  const { session, price, icsUrl } = confirmation.data;
  const saved = profile.data?.profile;
  const profileDone = Boolean(saved?.completed && saved.phoneVerified);
  const kindLabel =
    session.kind === "mock" ? "Mock interview" : session.kind === "workshop" ? "Workshop" : "Internship";
  const what = withoutRepeats([kindLabel, session.packageLabel, session.title]).join(" · ");
  return (
    <section aria-labelledby="confirmation-title" className="space-y-5">
      <div className="rounded-xl border border-green-300 bg-green-50 p-5">
        <h2 id="confirmation-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-green-900">
          {JOURNEY_MESSAGES.confirmationTitle}
        </h2>
        <p className="mt-1 text-green-900">Payment received. Your seat is confirmed.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-300 p-4 text-sm">
        <dt className="text-slate-700">What</dt>
        <dd className="font-medium">{what}</dd>
        <dt className="text-slate-700">When</dt>
        <dd className="font-medium">{formatInstant(session.startAt, zone, zoneLabel)}</dd>
        {session.interviewerName && (
          <>
            <dt className="text-slate-700">With</dt>
            <dd className="font-medium">{session.interviewerName}</dd>
          </>
        )}
        <dt className="text-slate-700">Price</dt>
        <dd className="font-medium">{formatPaise(price.listPricePaise)}</dd>
        {price.discountPaise > 0 && (
          <>
            <dt className="text-slate-700">Discount</dt>
            <dd className="font-medium text-green-800">
              −{formatPaise(price.discountPaise)} ({price.couponCode})
            </dd>
          </>
        )}
        <dt className="font-semibold text-slate-900">Paid</dt>
        <dd className="font-bold">{formatPaise(price.amountPaise)}</dd>
      </dl>
      <div className="space-y-2">
        <p className="font-medium">{JOURNEY_MESSAGES.addedToCalendar}</p>
        <div className="flex flex-wrap gap-2">
          <a href={icsUrl} download className={linkButton}>
            Add to calendar (.ics)
          </a>
          {session.googleCalendarUrl && (
            <a href={session.googleCalendarUrl} target="_blank" rel="noreferrer" className={linkButton}>
              Google Calendar<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </div>
      {session.kind === "mock" && (
        <div className="space-y-2">
          <Link to={`/room/${encodeURIComponent(bookingId)}`} className={primaryLink}>
            {ROOM_LINK_MESSAGES.join}
            <span className="sr-only"> the interview room</span>
          </Link>
          <p className="text-sm text-slate-700">
            {ROOM_LINK_MESSAGES.opensBefore(ROOM_OPENS_BEFORE_MINUTES, ROOM_CLOSES_AFTER_MINUTES)}
          </p>
        </div>
      )}
      <div>
        <h3 className="font-semibold">What happens next</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
          <li>A confirmation e-mail with the calendar invite and your receipt is on its way.</li>
          {session.kind === "mock" ? (
            <li>Your interview takes place in our interview room: video, audio and a shared code editor.</li>
          ) : (
            <li>The join link appears on your dashboard once it is set for your session.</li>
          )}
          <li>We remind you by e-mail 24 hours and 1 hour before the start.</li>
          {session.kind === "mock" && (
            <li>
              You can reschedule or cancel from your dashboard until {RESCHEDULE_MIN_NOTICE_HOURS} hours before the
              start.
            </li>
          )}
        </ul>
      </div>
      {profile.isSuccess &&
        (profileDone ? (
          <Link to="/dashboard" className={primaryLink}>
            Go to Dashboard
          </Link>
        ) : (
          <Link to="/onboarding?step=profile" className={primaryLink}>
            Complete your profile
          </Link>
        ))}
    </section>
  );
}

/** Drops each part another part already says ("Mock interview", "Service-based" in "Service-based mock interview"). */
function withoutRepeats(parts: string[]): string[] {
  const said = (part: string, other: string) => other !== part && other.toLowerCase().includes(part.toLowerCase());
  return parts.filter((part) => !parts.some((other) => said(part, other)));
}
