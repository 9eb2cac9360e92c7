import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { EMAIL_FOR_SIGN_IN_KEY } from "../../shared/auth/send-magic-link.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useMe } from "../../shared/session/get-me.js";
import { SiteHeader } from "../../shared/site-header/site-header.js";
import { Spinner } from "../../ui/alert.js";
import { BookStep } from "./components/book-step.js";
import { bookingTabFromParam } from "./components/booking-tabs.js";
import { ConfirmationStep } from "./components/confirmation-step.js";
import { ProfileStep } from "./components/profile-step.js";
import { ProgressSteps } from "./components/progress-steps.js";

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
            initialTab={bookingTabFromParam(params.get("type"))}
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
