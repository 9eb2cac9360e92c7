import { Suspense, useEffect, useState } from "react";
import { CONTACT_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { lazyRoute } from "../../lib/lazy.js";
import { Hero } from "./components/hero.js";
import { HydrateLater } from "./components/hydrate-later.js";
import { ContactSection, FaqSection, StoriesSection } from "./components/lower-sections.js";
import { PendingDialog } from "./components/pending-dialog.js";
import { ServiceSection } from "./components/service-section.js";
import { TopBar } from "./components/top-bar.js";
import { SERVICES } from "./content/services.js";
import { useAccountAction } from "./hooks/use-account-action.js";
import { useScrollSpy } from "./hooks/use-scroll-spy.js";
import { useVisitor } from "./lib/visitor.js";
import { SECTION_IDS, type SectionId, settleOn } from "./sections.js";
import "./landing.css";

// Opened on demand, so their code stays out of the first paint of `/`.
const SignInDialog = lazyRoute(() => import("./components/sign-in-island.js"));
const LegalDialog = lazyRoute(() => import("./components/legal-dialog.js"));

/**
 * The landing page. The build renders it to HTML (scripts/prerender-landing.tsx) and its own entry hydrates it
 * without the router or the query client (docs/decisions/0160-landing-from-html.md); the signed-in pages' router
 * shows the same component for in-app visits to `/`.
 */
export default function LandingRoute() {
  const me = useVisitor();
  const [signIn, setSignIn] = useState<{ open: boolean; callbackURL: string } | null>(null);
  const [legalOpen, setLegalOpen] = useState<boolean | null>(null);
  const openSignIn = (callbackURL = "/onboarding") => setSignIn({ open: true, callbackURL });
  const closeSignIn = () => setSignIn((current) => current && { ...current, open: false });
  const closeLegal = () => setLegalOpen(false);
  const start = useAccountAction(openSignIn);
  const active = useScrollSpy(SECTION_IDS);

  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (SECTION_IDS.includes(id as SectionId)) document.getElementById(id)?.scrollIntoView();
  }, []);

  // The top bar's plain in-page links: the browser scrolls, then the place is settled on.
  useEffect(() => {
    const onHashChange = () => {
      const target = document.getElementById(window.location.hash.slice(1));
      if (target) settleOn(target);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  return (
    <div className="landing-page">
      <TopBar
        active={active}
        accountLabel={me.data?.user ? MESSAGES.dashboardButton : MESSAGES.signInButton}
        onAccount={() => void start()}
      />
      <main>
        <HydrateLater id="home">
          <Hero notice={<SignInFailedNotice onRetry={() => openSignIn()} />} onStart={(type) => void start(type)} />
        </HydrateLater>
        {SERVICES.map((service, index) => (
          <HydrateLater key={service.id} id={service.id}>
            <ServiceSection service={service} tinted={index % 2 === 0} onStart={(type) => void start(type)} />
          </HydrateLater>
        ))}
        <HydrateLater id="stories">
          <StoriesSection />
        </HydrateLater>
        <HydrateLater id="faq">
          <FaqSection />
        </HydrateLater>
        <HydrateLater id="contact">
          <ContactSection onOpenLegal={() => setLegalOpen(true)} />
        </HydrateLater>
      </main>
      {signIn && (
        <Suspense fallback={<PendingDialog onCancel={closeSignIn} />}>
          <SignInDialog
            open={signIn.open}
            callbackURL={signIn.callbackURL}
            onClose={closeSignIn}
            onOpenLegal={() => setLegalOpen(true)}
          />
        </Suspense>
      )}
      {legalOpen !== null && (
        <Suspense fallback={<PendingDialog onCancel={closeLegal} />}>
          <LegalDialog open={legalOpen} onClose={closeLegal} />
        </Suspense>
      )}
    </div>
  );
}

/** An e-mail link that failed lands on `/?signin=failed` (the server's error redirect). */
function SignInFailedNotice({ onRetry }: { onRetry: () => void }) {
  // Read after hydration: the prerendered page is the same for every address.
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(new URLSearchParams(window.location.search).get("signin") === "failed"), []);
  if (!failed) return null;
  const dismiss = () => {
    const url = new URL(window.location.href);
    url.searchParams.delete("signin");
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", url);
    setFailed(false);
  };
  return (
    <div role="alert" className="mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{CONTACT_MESSAGES.signInLinkFailed}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => {
            dismiss();
            onRetry();
          }}
          className="min-h-11 rounded-lg bg-red-800 px-4 font-semibold text-white hover:bg-red-900"
        >
          Request a new link
        </button>
        <button type="button" onClick={dismiss} className="min-h-11 rounded-lg px-4 font-semibold underline">
          Dismiss
        </button>
      </div>
    </div>
  );
}
