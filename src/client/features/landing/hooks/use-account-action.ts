import type { ServiceType } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { visitor } from "../lib/visitor.js";

/**
 * The Dashboard / Sign In button and the hero buttons (docs/product.md, Account button): signed out starts sign-in.
 * Signed in, a hero button goes to booking of its kind; the Dashboard button reads the booking status afresh
 * and goes to /dashboard when a booking is done, else to onboarding. A failed read is logged and goes to onboarding.
 * The landing page is its own document (docs/decisions/0160-landing-from-html.md), so going on is a page load.
 */
export function useAccountAction(openSignIn: (callbackURL: string) => void) {
  return async (type?: ServiceType) => {
    const onboarding = type ? `/onboarding?type=${type}` : "/onboarding";
    const known = visitor.peek().data;
    if (known && !known.user) {
      openSignIn(onboarding);
      return;
    }
    let me: MeResponse;
    try {
      me = await visitor.refresh();
    } catch {
      console.warn(MESSAGES.bookingStatusFailed);
      window.location.assign(onboarding);
      return;
    }
    if (!me.user) openSignIn(onboarding);
    // A hero button books its kind, even after a first booking; the Dashboard button keeps its rule (docs/product.md, Account button).
    else window.location.assign(type ? onboarding : me.bookingDone ? "/dashboard" : onboarding);
  };
}
