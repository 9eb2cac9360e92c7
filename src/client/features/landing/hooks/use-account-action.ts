import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { ServiceType } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import type { MeResponse } from "../../../../shared/schemas/session.js";
import { meQuery } from "../../../shared/session/get-me.js";

/**
 * The Dashboard / Sign In button and the hero buttons (docs/product.md, Account button): signed out starts sign-in;
 * signed in reads the booking status afresh and goes to /dashboard when a booking is done,
 * else to onboarding (with the hero's type). A failed read is logged and goes to onboarding.
 */
export function useAccountAction(openSignIn: (callbackURL: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return async (type?: ServiceType) => {
    const onboarding = type ? `/onboarding?type=${type}` : "/onboarding";
    const known = queryClient.getQueryData(meQuery().queryKey);
    if (known && !known.user) {
      openSignIn(onboarding);
      return;
    }
    let me: MeResponse;
    try {
      me = await queryClient.fetchQuery({ ...meQuery(), staleTime: 0, retry: false });
    } catch {
      console.warn(MESSAGES.bookingStatusFailed);
      navigate(onboarding);
      return;
    }
    if (!me.user) openSignIn(onboarding);
    else navigate(me.bookingDone ? "/dashboard" : onboarding);
  };
}
