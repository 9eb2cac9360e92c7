import { Link } from "react-router";
import type { CompanyType } from "../../../shared/constants.js";
import { WAITLIST_MESSAGES } from "../../../shared/messages.js";
import type { BookingKindDto } from "../../../shared/schemas/booking.js";
import { Button } from "../../ui/button.js";
import { useMyWaitlist } from "./get-my-waitlist.js";
import { useJoinWaitlist } from "./join-waitlist.js";
import { useLeaveWaitlist } from "./leave-waitlist.js";

export const offerCheckoutPath = (entryId: string) => `/onboarding?offer=${encodeURIComponent(entryId)}`;

interface WaitlistButtonProps {
  kind: BookingKindDto;
  targetId: string;
  /** Mock interviews: the plan the seat would be bought under. */
  packageKey?: CompanyType | undefined;
  /** What the line is for, read after the button's text by screen readers ("18:00 with Ananya"). */
  label: string;
}

/**
 * For a full slot, workshop session or internship (docs/product.md, Waitlist): "Join the
 * waitlist", then the student's place in line with a way out, or the seat held for them with
 * the way to checkout. Small, so any list of sessions can place it beside a full one.
 */
export function WaitlistButton({ kind, targetId, packageKey, label }: WaitlistButtonProps) {
  const line = useMyWaitlist();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const entry = line.data?.find((e) => e.targetId === targetId);
  const error = join.error ?? leave.error;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {entry?.status === "offered" ? (
        <>
          <span className="font-semibold text-green-900">{WAITLIST_MESSAGES.offered}</span>
          <Link
            to={offerCheckoutPath(entry.id)}
            aria-label={`${WAITLIST_MESSAGES.goToCheckout}: ${label}`}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {WAITLIST_MESSAGES.goToCheckout}
          </Link>
        </>
      ) : entry ? (
        <>
          <span role="status" className="text-slate-800">
            {WAITLIST_MESSAGES.place(entry.position)}
          </span>
          <Button
            variant="secondary"
            aria-label={`${WAITLIST_MESSAGES.leave}: ${label}`}
            disabled={leave.isPending}
            onClick={() => leave.mutate(entry.id)}
          >
            {WAITLIST_MESSAGES.leave}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          aria-label={`${WAITLIST_MESSAGES.join}: ${label}`}
          disabled={join.isPending || line.isPending}
          onClick={() => join.mutate({ kind, targetId, ...(packageKey ? { packageKey } : {}) })}
        >
          {join.isPending ? WAITLIST_MESSAGES.joining : WAITLIST_MESSAGES.join}
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-red-800">
          {error.message}
        </p>
      )}
    </div>
  );
}
