/**
 * Where a failed sign-in lands: the page that shows the "link expired or already used" message —
 * the admin sign-in for the console, the landing page for everyone else.
 */
export const signInFailedUrl = (callbackURL: string): string =>
  callbackURL.startsWith("/admin") ? "/admin-login?signin=failed" : "/?signin=failed";
