import { apiFetch } from "../../lib/api.js";
import { signInFailedUrl } from "./sign-in-failed.js";

/** Starts the Google (OIDC) flow: the server answers with the provider's URL and we go there. */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider: "google", callbackURL, errorCallbackURL: signInFailedUrl(callbackURL) },
  });
  window.location.assign(url);
}
