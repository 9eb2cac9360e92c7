import { useCallback, useEffect, useState } from "react";
import type { CompanyType } from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES, MESSAGES } from "../../../../shared/messages.js";
import type { BookingKindDto } from "../../../../shared/schemas/booking.js";
import { fetchMyHolds, useStartCheckout } from "../api/holds.js";
import { pay } from "../api/payments.js";
import { type BookingTabId, bookingTabOfKind, kindOfBookingTab } from "./booking-tabs.js";
import { useHeldItem } from "./use-held-item.js";
import { useHold } from "./use-hold.js";
import { useLiveListings } from "./use-live-listings.js";

export type BookStepOptions = {
  initialTab: BookingTabId;
  paymentFailed: boolean;
  onPaid: (bookingId: string) => void;
  email: string;
  name: string;
};

/**
 * The booking step's state: the tab and plan chosen, the hold, the messages, and the way on to payment.
 * A seat kept after a failed payment is taken back on arrival.
 */
export function useBookStep({ initialTab, paymentFailed, onPaid, email, name }: BookStepOptions) {
  const [tab, setTab] = useState<BookingTabId>(initialTab);
  const [plan, setPlan] = useState<CompanyType>();
  const [paymentError, setPaymentError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [retry, setRetry] = useState(false);
  const holds = useHold();
  const checkout = useStartCheckout();
  const heldItem = useHeldItem(holds.hold);
  useLiveListings();

  // After a failed payment the server keeps the seat for a while: back to the same item, with Retry
  // (docs/decisions/0130-failed-payment-keeps-the-seat.md).
  const { resume } = holds;
  const resumeKeptHold = useCallback(
    async (failed: boolean) => {
      const { holds: kept } = await fetchMyHolds().catch(() => ({ holds: [] }));
      const held = kept[0];
      if (held) {
        resume(held);
        setTab(bookingTabOfKind(held.kind));
        if (held.kind === "mock") setPlan(held.packageKey as CompanyType);
        // Only a seat kept after a failed payment is a retry; a waitlist offer or an ordinary hold is not.
        setRetry(held.afterFailedPayment);
      }
      if (failed) setPaymentError(held ? JOURNEY_MESSAGES.paymentFailedSeatKept : MESSAGES.paymentFailed);
    },
    [resume],
  );
  useEffect(() => {
    void resumeKeptHold(paymentFailed);
  }, [resumeKeptHold, paymentFailed]);

  const clearMessages = () => {
    setPaymentError(undefined);
    setNotice(undefined);
    setRetry(false);
  };

  const proceed = (holdId: string | undefined, coupon?: string) => {
    clearMessages();
    if (!holdId) {
      holds.setError(MESSAGES.selectSlotFirst);
      return;
    }
    checkout.mutate(
      { holdId, coupon },
      {
        onSuccess: async (order) => {
          holds.forget();
          try {
            const result = await pay(order, { email, name });
            if (result === "redirected") return;
            if (result.status === "confirmed") onPaid(result.bookingId);
            else await resumeKeptHold(true);
          } catch (err) {
            setPaymentError(err instanceof Error ? err.message : MESSAGES.reserveFailed);
          }
        },
        onError: (err) => holds.setError(err.message),
      },
    );
  };

  const choices = useBookingChoices({ holds, clearMessages, setPlan, setTab, proceed });
  const onSeatTaken = useCallback(() => setNotice(JOURNEY_MESSAGES.seatTakenWhileLooking), []);
  const kind = kindOfBookingTab(tab);
  return {
    tab,
    plan,
    holds,
    heldItem,
    retry,
    busy: holds.pending || checkout.isPending,
    message: holds.error ?? paymentError ?? notice,
    messageTone: paymentError && retry ? ("info" as const) : ("error" as const),
    showSummary: kind !== "internship" ? tab !== "mockInterview" || Boolean(plan) : Boolean(holds.hold),
    onSeatTaken,
    proceed,
    ...choices,
  };
}

/** What the student's choices do: each clears the messages, and a new tab or plan lets the hold go. */
function useBookingChoices({
  holds,
  clearMessages,
  setPlan,
  setTab,
  proceed,
}: {
  holds: ReturnType<typeof useHold>;
  clearMessages: () => void;
  setPlan: (plan: CompanyType | undefined) => void;
  setTab: (tab: BookingTabId) => void;
  proceed: (holdId: string | undefined, coupon?: string) => void;
}) {
  return {
    changeTab: (next: BookingTabId) => {
      // Changing the top-level tab clears the selected plan (docs/product.md, Booking flow).
      holds.clear();
      clearMessages();
      setPlan(undefined);
      setTab(next);
    },
    changePlan: (next: CompanyType) => {
      holds.clear();
      clearMessages();
      setPlan(next);
    },
    select: (kind: BookingKindDto, id: string, packageKey?: CompanyType) => {
      clearMessages();
      holds.select(kind, id, packageKey);
    },
    /** 'Book Slot' on an internship holds the seat and goes straight on to payment. */
    bookInternship: (internshipId: string) => {
      clearMessages();
      holds.select("internship", internshipId, undefined, (taken) => proceed(taken.id));
    },
  };
}
