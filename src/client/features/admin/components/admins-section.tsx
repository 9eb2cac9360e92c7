import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import { addAdminInputSchema } from "../../../../shared/schemas/admins.js";
import { firstIssue } from "../../../../shared/schemas/first-issue.js";
import { formatInstant } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { useMe } from "../../../shared/session/get-me.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextField } from "../../../ui/field.js";
import { useAddAdmin } from "../api/add-admin.js";
import { useAdmins } from "../api/get-admins.js";
import { useRemoveAdmin } from "../api/remove-admin.js";
import { AdminError } from "./admin-error.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { SectionLayout } from "./section-layout.js";

/** Who may open the console: add by e-mail, remove (never the last admin). */
export function AdminsSection() {
  const me = useMe();
  const myEmail = me.data?.user?.email.toLowerCase();
  const navigate = useNavigate();
  const admins = useAdmins();
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const add = useAddAdmin();
  const remove = useRemoveAdmin();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string>();
  const [removing, setRemoving] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addAdminInputSchema.safeParse({ email });
    setProblem(parsed.success ? undefined : firstIssue(parsed.error));
    if (parsed.success) add.mutate(parsed.data, { onSuccess: () => setEmail("") });
  };
  const confirmRemove = (target: string) =>
    remove.mutate(target, {
      onSuccess: () => {
        setRemoving(undefined);
        // Without admin rights the console is gone; the sign-in page says why.
        if (target === myEmail) navigate("/admin-login", { replace: true });
      },
    });

  const error = problem ?? add.error ?? undefined;
  return (
    <SectionLayout id="admins" title="Admins">
      <div className="max-w-xl space-y-4">
        <form noValidate onSubmit={submit} aria-label="Add an admin" className="flex flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <TextField
              label="Add an admin by e-mail"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              hint="They sign in at /admin-login with this address."
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            Add admin
          </Button>
        </form>
        {error && <AdminError error={error} />}
        {add.isSuccess && !error && <Alert tone="success">{add.data.email} is now an admin.</Alert>}
        {admins.isPending && <Spinner label="Loading admins…" />}
        {admins.isError && <Alert tone="error">{admins.error.message}</Alert>}
        <ul aria-label="Admins" className="divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
          {admins.data?.map((a) => (
            <li key={a.email} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">
                  {a.email}
                  {a.email === myEmail && <span className="ml-1 text-sm font-normal text-slate-700">(you)</span>}
                </p>
                <p className="text-xs text-slate-700">
                  Added {formatInstant(a.createdAt, zone, zoneLabel)}
                  {a.addedBy ? ` by ${a.addedBy}` : ""}
                </p>
              </div>
              <button
                type="button"
                className="min-h-8 text-sm text-red-800 underline"
                onClick={() => setRemoving(a.email)}
              >
                Remove<span className="sr-only"> {a.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {removing && (
        <ConfirmDialog
          title={ADMIN_MESSAGES.removeAdminConfirm(removing)}
          confirmLabel="Remove admin"
          pending={remove.isPending}
          error={remove.error ?? undefined}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => {
            remove.reset();
            setRemoving(undefined);
          }}
        >
          {removing === myEmail
            ? "You will lose access to the console as soon as you confirm."
            : "They lose access to the console at once."}
        </ConfirmDialog>
      )}
    </SectionLayout>
  );
}
