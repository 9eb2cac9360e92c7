import { Navigate, useSearchParams } from "react-router";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useMe } from "../../shared/session/get-me.js";
import { Spinner } from "../../ui/alert.js";
import { NotAuthorized } from "./components/admin-gate.js";

/** /admin-login: Google (when configured) or an e-mail link; admin status is decided by the e-mail. */
export default function AdminLoginRoute() {
  const me = useMe();
  const [params] = useSearchParams();
  if (me.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center">
        <Spinner label="Checking access…" />
      </main>
    );
  }
  // Signing in again after the admin sign-in ended comes back to the section it was on.
  const section = params.get("section");
  const consolePath = section && /^[a-z-]+$/.test(section) ? `/admin?section=${section}` : "/admin";
  if (me.data?.user && me.data.isAdmin) return <Navigate to={consolePath} replace />;
  if (me.data?.user) return <NotAuthorized email={me.data.user.email} />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center p-6">
      <h1 className="text-2xl font-bold">Admin sign-in</h1>
      <p className="mt-2 text-slate-700">Staff only. Sign in with the e-mail address listed as an admin.</p>
      {params.get("signin") === "failed" && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          That sign-in link has expired or was already used. Request a new one below.
        </p>
      )}
      <SignInPanels callbackURL={consolePath} />
    </main>
  );
}
