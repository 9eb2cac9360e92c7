import { useNavigate } from "react-router";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import { ApiError } from "../../../lib/api.js";
import { useSignOut } from "../../../shared/session/sign-out.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

const needsFreshSignIn = (error: Error | string) =>
  error instanceof ApiError && (error.code === "RECENT_SIGN_IN_REQUIRED" || error.code === "ADMIN_SESSION_EXPIRED");

/**
 * What the server answered when an admin action was refused. Changes to admins and refunds need a
 * sign-in from the last 10 minutes, and admin sign-ins last 12 hours (docs/security.md, Admin): then
 * it offers to sign in again, which signs out and opens the admin sign-in.
 */
export function AdminError({ error }: { error: Error | string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Alert tone="error">
      <p>{typeof error === "string" ? error : error.message}</p>
      {needsFreshSignIn(error) && (
        <div className="mt-2">
          <Button
            variant="secondary"
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/admin-login", { replace: true }) })}
          >
            {ADMIN_MESSAGES.signInAgain}
          </Button>
        </div>
      )}
    </Alert>
  );
}
