import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { CompanyType } from "../../../shared/constants.js";
import { MESSAGES } from "../../../shared/messages.js";
import type { BookingKindDto } from "../../../shared/schemas/booking.js";
import { useLiveStream } from "../../lib/live.js";
import { EMAIL_FOR_SIGN_IN_KEY } from "../../shared/auth/send-magic-link.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useMe } from "../../shared/session/get-me.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Tabs } from "../../ui/tabs.js";
import { useStartCheckout } from "./api/holds.js";
import { pay } from "./api/payments.js";
import { ErrorBox } from "./components/errors-box.js";
import { InternshipTab } from "./components/internship-tab.js";
import { MockTab } from "./components/mock-tab.js";
import { ProceedPanel } from "./components/proceed-panel.js";
import { ProfileStep } from "./components/profile-step.js";
import { ProgressSteps } from "./components/progress-steps.js";
import { useHold } from "./components/use-hold.js";
import { WorkshopTab } from "./components/workshop-tab.js";

const TABS = [
  { id: "mockInterview", label: "Mock Interview", kind: "mock" },
  { id: "internship", label: "Internship", kind: "internship" },
  { id: "workshop", label: "Workshop", kind: "workshop" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export default function OnboardingRoute() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const signedIn = Boolean(me.data?.user);

  useEffect(() => {
    if (signedIn) window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  }, [signedIn]);

  if (me.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center">
        <Spinner label="Loading…" />
      </main>
    );
  }
  const step = !signedIn ? 1 : params.get("step") === "profile" ? 3 : 2;
  return (
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
          <SignInPanels callbackURL={`/onboarding${params.get("type") ? `?type=${params.get("type")}` : ""}`} />
        </section>
      )}
      {signedIn && (
        <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900">
          Signed in as <strong>{me.data?.user?.email}</strong>.
        </p>
      )}
      {params.get("payment") === "failed" && step === 2 && <Alert tone="error">{MESSAGES.paymentFailed}</Alert>}
      {step === 2 && (
        <BookStep
          initialTab={(TABS.find((t) => t.id === params.get("type"))?.id ?? "mockInterview") as TabId}
          onPaid={() => setParams({ step: "profile" })}
          email={me.data?.user?.email ?? ""}
          name={me.data?.user?.name ?? ""}
        />
      )}
      {step === 3 && <ProfileStep />}
    </main>
  );
}

function BookStep({
  initialTab,
  onPaid,
  email,
  name,
}: {
  initialTab: TabId;
  onPaid: () => void;
  email: string;
  name: string;
}) {
  const [tab, setTab] = useState<TabId>(initialTab);
  const [plan, setPlan] = useState<CompanyType>();
  const [paymentError, setPaymentError] = useState<string>();
  const holds = useHold();
  const checkout = useStartCheckout();
  const queryClient = useQueryClient();

  useLiveStream(
    "/api/slots/stream",
    (type) => {
      if (type === "slots") void queryClient.invalidateQueries({ queryKey: ["slots"] });
      if (type === "workshops") void queryClient.invalidateQueries({ queryKey: ["workshops"] });
      if (type === "internships") void queryClient.invalidateQueries({ queryKey: ["internships"] });
    },
    () => void queryClient.invalidateQueries(),
  );

  const kind: BookingKindDto = TABS.find((t) => t.id === tab)?.kind ?? "mock";
  const busy = holds.pending || checkout.isPending;

  const changeTab = (next: TabId) => {
    // Changing the top-level tab clears the selected plan (docs/product.md, Booking flow).
    holds.clear();
    setPlan(undefined);
    setTab(next);
  };

  const proceed = (holdId: string | undefined) => {
    setPaymentError(undefined);
    if (!holdId) {
      holds.setError(MESSAGES.selectSlotFirst);
      return;
    }
    checkout.mutate(holdId, {
      onSuccess: async (order) => {
        holds.forget();
        try {
          const result = await pay(order, { email, name });
          if (result === "redirected") return;
          if (result.status === "confirmed") onPaid();
          else setPaymentError(result.message);
        } catch (err) {
          setPaymentError(err instanceof Error ? err.message : MESSAGES.reserveFailed);
        }
      },
      onError: (err) => holds.setError(err.message),
    });
  };

  return (
    <section aria-label="Book a slot" className="space-y-6">
      <Tabs
        label="What would you like to book?"
        items={TABS}
        selected={tab}
        onSelect={changeTab}
        listClassName="flex gap-2 border-b border-slate-200"
        tabClassName={(selected) =>
          `-mb-px min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900"}`
        }
        panelClassName="space-y-4"
      >
        {tab === "mockInterview" && (
          <MockTab
            plan={plan}
            onPlan={(next) => {
              holds.clear();
              setPlan(next);
            }}
            selectedSlotId={holds.hold?.targetId}
            onSlot={(slotId) => holds.select("mock", slotId, plan)}
            busy={busy}
          />
        )}
        {tab === "workshop" && (
          <WorkshopTab selectedId={holds.hold?.targetId} onSelect={(id) => holds.select("workshop", id)} busy={busy} />
        )}
        {tab === "internship" && (
          <InternshipTab
            busy={busy}
            onBook={(internshipId) => {
              // 'Book Slot' holds the seat and goes straight on to payment.
              holds.select("internship", internshipId, undefined, (taken) => proceed(taken.id));
            }}
          />
        )}
        <ErrorBox message={holds.error ?? paymentError} />
      </Tabs>
      {kind !== "internship" && (tab !== "mockInterview" || plan) && (
        <ProceedPanel
          expiresAt={holds.hold?.expiresAt}
          onExpire={holds.expire}
          onProceed={() => proceed(holds.hold?.id)}
          busy={busy}
        />
      )}
    </section>
  );
}
