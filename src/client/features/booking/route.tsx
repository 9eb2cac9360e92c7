import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import type { CompanyType } from "../../../shared/constants.js";
import { JOURNEY_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import type { BookingKindDto } from "../../../shared/schemas/booking.js";
import { refreshLive, useLiveStream } from "../../lib/live.js";
import { EMAIL_FOR_SIGN_IN_KEY } from "../../shared/auth/send-magic-link.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useMe } from "../../shared/session/get-me.js";
import { SiteHeader } from "../../shared/site-header/site-header.js";
import { myWaitlistQuery } from "../../shared/waitlist/get-my-waitlist.js";
import { Spinner } from "../../ui/alert.js";
import { Tabs } from "../../ui/tabs.js";
import { fetchMyHolds, useStartCheckout } from "./api/holds.js";
import { pay } from "./api/payments.js";
import { ConfirmationStep } from "./components/confirmation-step.js";
import { ErrorBox } from "./components/errors-box.js";
import { InternshipTab } from "./components/internship-tab.js";
import { MockTab } from "./components/mock-tab.js";
import { OfferCheckout } from "./components/offer-checkout.js";
import { OrderSummary } from "./components/order-summary.js";
import { ProfileStep } from "./components/profile-step.js";
import { ProgressSteps } from "./components/progress-steps.js";
import { useHeldItem } from "./components/use-held-item.js";
import { useHold } from "./components/use-hold.js";
import { WorkshopTab } from "./components/workshop-tab.js";

const TABS = [
  { id: "mockInterview", label: "Mock Interview", kind: "mock" },
  { id: "internship", label: "Internship", kind: "internship" },
  { id: "workshop", label: "Workshop", kind: "workshop" },
] as const;
type TabId = (typeof TABS)[number]["id"];
/** The listings this page shows live; each one's query key starts with the stream's event type. */
const LIVE_LISTINGS: readonly string[] = ["slots", "workshops", "internships"];

export default function OnboardingRoute() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const signedIn = Boolean(me.data?.user);

  useEffect(() => {
    if (signedIn) window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  }, [signedIn]);

  if (me.isPending) {
    // The same header and <main> as the loaded page, so a skip link used while loading keeps its focus.
    return (
      <>
        <SiteHeader />
        <main className="grid min-h-dvh place-items-center">
          <Spinner label="Loading…" />
        </main>
      </>
    );
  }
  // Interviewers sign in through the same dialog; without a booking in mind they work in their workspace.
  if (me.data?.isInterviewer && !me.data.bookingDone && !params.get("type"))
    return <Navigate to="/interviewer" replace />;
  const confirmed = signedIn && params.get("step") === "confirmed" ? params.get("booking") : null;
  const step = !signedIn ? 1 : params.get("step") === "profile" || confirmed ? 3 : 2;
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-4xl space-y-8 px-4 py-8">
        <header className="space-y-4">
          <h1 className="text-2xl font-bold">Book your session</h1>
          <ProgressSteps current={step} />
        </header>
        {!signedIn && (
          <section aria-labelledby="signin-step" className="mx-auto max-w-md">
            <h2 id="signin-step" className="text-xl font-semibold">
              Sign in to continue
            </h2>
            <SignInPanels callbackURL={`/onboarding${params.size > 0 ? `?${params.toString()}` : ""}`} />
          </section>
        )}
        {signedIn && (
          <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900">
            Signed in as <strong>{me.data?.user?.email}</strong>.
          </p>
        )}
        {confirmed && <ConfirmationStep bookingId={confirmed} />}
        {step === 2 && (
          <BookStep
            initialTab={(TABS.find((t) => t.id === params.get("type"))?.id ?? "mockInterview") as TabId}
            initialTrack={params.get("track")}
            offerId={params.get("offer")}
            onBrowse={() => setParams({})}
            paymentFailed={params.get("payment") === "failed"}
            onPaid={(bookingId) => setParams({ step: "confirmed", booking: bookingId })}
            email={me.data?.user?.email ?? ""}
            name={me.data?.user?.name ?? ""}
          />
        )}
        {step === 3 && !confirmed && <ProfileStep />}
      </main>
    </>
  );
}

function BookStep({
  initialTab,
  initialTrack,
  offerId,
  onBrowse,
  paymentFailed,
  onPaid,
  email,
  name,
}: {
  initialTab: TabId;
  initialTrack: string | null;
  /** A seat offered from the waitlist (the link in its e-mail and notification). */
  offerId: string | null;
  onBrowse: () => void;
  paymentFailed: boolean;
  onPaid: (bookingId: string) => void;
  email: string;
  name: string;
}) {
  const [tab, setTab] = useState<TabId>(initialTab);
  const [plan, setPlan] = useState<CompanyType>();
  const [paymentError, setPaymentError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [retry, setRetry] = useState(false);
  const holds = useHold();
  const checkout = useStartCheckout();
  const queryClient = useQueryClient();
  const heldItem = useHeldItem(holds.hold);

  // Only the listings and the student's line refetch, on an open too, never the rest of the checkout in progress.
  // Any seat change may move the student up a line.
  const refreshListings = (types: readonly string[]) =>
    void refreshLive(queryClient, [
      ...types.filter((type) => LIVE_LISTINGS.includes(type)).map((type) => [type]),
      myWaitlistQuery().queryKey,
    ]);
  useLiveStream(
    "/api/slots/stream",
    (type) => refreshListings([type]),
    () => refreshListings(LIVE_LISTINGS),
  );

  // After a failed payment the server keeps the seat for a while: back to the same item, with Retry
  // (docs/decisions/0130-failed-payment-keeps-the-seat.md).
  const { resume } = holds;
  const resumeKeptHold = useCallback(
    async (failed: boolean) => {
      const { holds: kept } = await fetchMyHolds().catch(() => ({ holds: [] }));
      const held = kept[0];
      if (held) {
        resume(held);
        setTab(TABS.find((t) => t.kind === held.kind)?.id ?? "mockInterview");
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

  const kind: BookingKindDto = TABS.find((t) => t.id === tab)?.kind ?? "mock";
  const busy = holds.pending || checkout.isPending;

  const clearMessages = () => {
    setPaymentError(undefined);
    setNotice(undefined);
    setRetry(false);
  };
  const changeTab = (next: TabId) => {
    // Changing the top-level tab clears the selected plan (docs/product.md, Booking flow).
    holds.clear();
    clearMessages();
    setPlan(undefined);
    setTab(next);
  };
  const select = (selectKind: BookingKindDto, id: string, packageKey?: CompanyType) => {
    clearMessages();
    holds.select(selectKind, id, packageKey);
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

  const message = holds.error ?? paymentError ?? notice;
  const messageBox = <ErrorBox message={message} tone={paymentError && retry ? "info" : "error"} />;
  const onSeatTaken = useCallback(() => setNotice(JOURNEY_MESSAGES.seatTakenWhileLooking), []);
  const showSummary = kind !== "internship" ? tab !== "mockInterview" || plan : Boolean(holds.hold);

  if (offerId) {
    return (
      <section aria-label="Book a slot" className="space-y-6">
        <OfferCheckout
          offerId={offerId}
          onAccepted={(held) => resume({ ...held, msLeft: Date.parse(held.expiresAt) - Date.now() })}
          onBrowse={() => {
            holds.clear();
            onBrowse();
          }}
        />
        {messageBox}
        {holds.hold && (
          <OrderSummary
            holdId={holds.hold.id}
            expiresAt={holds.hold.expiresAt}
            item={heldItem}
            busy={busy}
            retry={retry}
            onProceed={(coupon) => proceed(holds.hold?.id, coupon)}
          />
        )}
      </section>
    );
  }

  return (
    <section aria-label="Book a slot" className="space-y-6">
      <Tabs
        label="What would you like to book?"
        items={TABS}
        selected={tab}
        onSelect={changeTab}
        listClassName="flex border-b border-slate-200"
        tabClassName={(selected) =>
          `-mb-px min-h-11 flex-1 border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap sm:flex-none sm:px-4 ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`
        }
        panelClassName="space-y-4"
      >
        {tab === "mockInterview" && (
          <MockTab
            plan={plan}
            onPlan={(next) => {
              holds.clear();
              clearMessages();
              setPlan(next);
            }}
            selectedSlotId={holds.chosenId}
            heldSlotId={holds.hold?.targetId}
            holdExpiresAt={holds.hold?.expiresAt}
            onSlot={(slotId) => select("mock", slotId, plan)}
            onSeatTaken={onSeatTaken}
            busy={busy}
            notice={messageBox}
          />
        )}
        {tab === "workshop" && (
          <>
            {messageBox}
            <WorkshopTab selectedId={holds.hold?.targetId} onSelect={(id) => select("workshop", id)} busy={busy} />
          </>
        )}
        {tab === "internship" && (
          <>
            {messageBox}
            <InternshipTab
              busy={busy}
              initialTrack={initialTrack}
              onBook={(internshipId) => {
                // 'Book Slot' holds the seat and goes straight on to payment.
                clearMessages();
                holds.select("internship", internshipId, undefined, (taken) => proceed(taken.id));
              }}
            />
          </>
        )}
      </Tabs>
      {showSummary && (
        <OrderSummary
          holdId={holds.hold?.id}
          expiresAt={holds.hold?.expiresAt}
          item={heldItem}
          busy={busy}
          retry={retry}
          onProceed={(coupon) => proceed(holds.hold?.id, coupon)}
        />
      )}
    </section>
  );
}
