import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.js";
import { signInFailedUrl } from "./sign-in-failed.js";

/** Key under which the address of a link request is kept, so the link can be completed later. */
export const EMAIL_FOR_SIGN_IN_KEY = "careerprep.emailForSignIn";

export function useSendMagicLink() {
  return useMutation({
    mutationFn: async (input: { email: string; callbackURL: string }) => {
      await apiFetch("/api/auth/sign-in/magic-link", {
        method: "POST",
        body: {
          email: input.email,
          callbackURL: input.callbackURL,
          errorCallbackURL: signInFailedUrl(input.callbackURL),
        },
      });
      window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, input.email);
    },
  });
}
