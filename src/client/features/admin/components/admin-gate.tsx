import type { ReactNode } from "react";
import { Navigate, useNavigate } from "react-router";
import { MESSAGES } from "../../../../shared/messages.js";
import { useMe } from "../../../shared/session/get-me.js";
import { useSignOut } from "../../../shared/session/sign-out.js";
import { Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

/** Admin access (docs/product.md, Admins): checking, signed out, authorized or unauthorized. Failure = unauthorized. */
export function AdminGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center">
        <Spinner label="Checking access…" />
      </main>
    );
  }
  if (me.data?.user && me.data.isAdmin) return <>{children}</>;
  if (!me.isError && !me.data?.user) return <Navigate to="/admin-login" replace />;
  return <NotAuthorized email={me.data?.user?.email ?? ""} />;
}

export function NotAuthorized({ email }: { email: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">Admin console</h1>
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{MESSAGES.notAuthorized}</p>
        {email && <p className="mt-1 break-all">{email}</p>}
      </div>
      <Button
        variant="secondary"
        onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/admin-login", { replace: true }) })}
      >
        {MESSAGES.useDifferentAccount}
      </Button>
    </main>
  );
}
