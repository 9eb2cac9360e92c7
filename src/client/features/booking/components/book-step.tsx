import type { ReactNode } from "react";
import { Tabs } from "../../../ui/tabs.js";
import { BOOKING_TABS, type BookingTabId } from "./booking-tabs.js";
import { ErrorBox } from "./errors-box.js";
import { InternshipTab } from "./internship-tab.js";
import { MockTab } from "./mock-tab.js";
import { OfferCheckout } from "./offer-checkout.js";
import { OrderSummary } from "./order-summary.js";
import { type BookStepOptions, useBookStep } from "./use-book-step.js";
import { WorkshopTab } from "./workshop-tab.js";

type BookStepState = ReturnType<typeof useBookStep>;

/** Step 2: choose what to book and pay for it, or take up a seat offered from the waitlist. */
export function BookStep({
  initialTrack,
  offerId,
  onBrowse,
  ...options
}: BookStepOptions & {
  initialTrack: string | null;
  /** A seat offered from the waitlist (the link in its e-mail and notification). */
  offerId: string | null;
  onBrowse: () => void;
}) {
  const step = useBookStep(options);
  const messageBox = <ErrorBox message={step.message} tone={step.messageTone} />;
  if (offerId) return <OfferStep step={step} offerId={offerId} onBrowse={onBrowse} messageBox={messageBox} />;
  return <ChooseStep step={step} initialTrack={initialTrack} messageBox={messageBox} />;
}

function OfferStep({
  step,
  offerId,
  onBrowse,
  messageBox,
}: {
  step: BookStepState;
  offerId: string;
  onBrowse: () => void;
  messageBox: ReactNode;
}) {
  const { holds } = step;
  return (
    <section aria-label="Book a slot" className="space-y-6">
      <OfferCheckout
        offerId={offerId}
        onAccepted={(held) => holds.resume({ ...held, msLeft: Date.parse(held.expiresAt) - Date.now() })}
        onBrowse={() => {
          holds.clear();
          onBrowse();
        }}
      />
      {messageBox}
      {holds.hold && <Summary step={step} />}
    </section>
  );
}

function ChooseStep({
  step,
  initialTrack,
  messageBox,
}: {
  step: BookStepState;
  initialTrack: string | null;
  messageBox: ReactNode;
}) {
  const { holds, tab, busy } = step;
  return (
    <section aria-label="Book a slot" className="space-y-6">
      <Tabs<BookingTabId>
        label="What would you like to book?"
        items={BOOKING_TABS}
        selected={tab}
        onSelect={step.changeTab}
        listClassName="flex border-b border-slate-200"
        tabClassName={(selected) =>
          `-mb-px min-h-11 flex-1 border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap sm:flex-none sm:px-4 ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`
        }
        panelClassName="space-y-4"
      >
        {tab === "mockInterview" && (
          <MockTab
            plan={step.plan}
            onPlan={step.changePlan}
            selectedSlotId={holds.chosenId}
            heldSlotId={holds.hold?.targetId}
            holdExpiresAt={holds.hold?.expiresAt}
            onSlot={(slotId) => step.select("mock", slotId, step.plan)}
            onSeatTaken={step.onSeatTaken}
            busy={busy}
            notice={messageBox}
          />
        )}
        {tab === "workshop" && (
          <>
            {messageBox}
            <WorkshopTab selectedId={holds.hold?.targetId} onSelect={(id) => step.select("workshop", id)} busy={busy} />
          </>
        )}
        {tab === "internship" && (
          <>
            {messageBox}
            <InternshipTab busy={busy} initialTrack={initialTrack} onBook={step.bookInternship} />
          </>
        )}
      </Tabs>
      {step.showSummary && <Summary step={step} />}
    </section>
  );
}

function Summary({ step }: { step: BookStepState }) {
  const { holds } = step;
  return (
    <OrderSummary
      holdId={holds.hold?.id}
      expiresAt={holds.hold?.expiresAt}
      item={step.heldItem}
      busy={step.busy}
      retry={step.retry}
      onProceed={(coupon) => step.proceed(holds.hold?.id, coupon)}
    />
  );
}
