import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import { ApiError } from "../../../lib/api.js";
import { useSignOut } from "../../../shared/session/sign-out.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

const ended = (error: unknown) => error instanceof ApiError && error.code === "ADMIN_SESSION_EXPIRED";

/** Some console read or write was refused because the admin sign-in is over 12 hours old (docs/decisions/0101). */
export function useAdminSignInEnded(): boolean {
  const client = useQueryClient();
  const queries = client.getQueryCache();
  const mutations = client.getMutationCache();
  return useSyncExternalStore(
    (onChange) => {
      const stopQueries = queries.subscribe(onChange);
      const stopMutations = mutations.subscribe(onChange);
      return () => {
        stopQueries();
        stopMutations();
      };
    },
    () => queries.getAll().some((q) => ended(q.state.error)) || mutations.getAll().some((m) => ended(m.state.error)),
  );
}

/**
 * In place of a section whose data the server no longer shows: why, and one way forward that comes
 * back to the same section. Nothing editable stands beside it.
 */
export function AdminSignInEnded({ sectionId, title }: { sectionId: string; title: string }) {
  const signOut = useSignOut();
  const back = `/admin-login?section=${encodeURIComponent(sectionId)}`;
  return (
    <section aria-labelledby="sign-in-ended-title" className="max-w-xl space-y-4">
      <h2 id="sign-in-ended-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <Alert tone="error">
        <p>{ADMIN_MESSAGES.adminSessionExpired}</p>
        <div className="mt-2">
          <Button
            // Signing out clears the cache, which unmounts this panel: a full page load follows whatever happens.
            onClick={() =>
              void signOut
                .mutateAsync()
                .catch(() => undefined)
                .then(() => window.location.replace(back))
            }
            disabled={signOut.isPending}
          >
            {ADMIN_MESSAGES.signInAgain}
          </Button>
        </div>
      </Alert>
    </section>
  );
}
