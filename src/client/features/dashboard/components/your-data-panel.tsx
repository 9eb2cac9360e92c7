import { type FormEvent, useState } from "react";
import { DATA_RIGHTS_MESSAGES } from "../../../../shared/messages.js";
import { ApiError } from "../../../lib/api.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { TextField } from "../../../ui/field.js";
import { useDeleteAccount } from "../api/delete-account.js";
import { Panel } from "./panel.js";

/** The student's rights over their data (docs/product.md, Your data): a copy of it, and deletion. */
export function YourDataPanel({ email }: { email: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Panel title="Your data">
      <div className="space-y-4 text-sm text-slate-700">
        <div>
          <p>
            Download everything CareerPrep holds about you: profile, bookings, payments, feedback, certificates and
            messages.
          </p>
          <a
            href="/api/me/export"
            download
            className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-slate-900 hover:bg-slate-50"
          >
            Download my data
          </a>
        </div>
        <div>
          <p>
            Deleting your account erases your personal data. Bookings at least 12 hours away are cancelled and refunded;
            unpaid checkouts are closed, and a payment that still arrives for one is refunded; your certificates stay
            verifiable without your name.
          </p>
          <p className="mt-2">{DATA_RIGHTS_MESSAGES.taxDocumentsKept}</p>
          <Button variant="danger" className="mt-2" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      {deleting && <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} />}
    </Panel>
  );
}

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const serverField = remove.error instanceof ApiError ? remove.error.field : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.trim().toLowerCase() !== email.toLowerCase()) {
      setError(DATA_RIGHTS_MESSAGES.confirmMismatch);
      return;
    }
    setError(undefined);
    remove.mutate(confirm, { onSuccess: () => window.location.assign("/") });
  };

  return (
    <Dialog open onClose={onClose} title="Delete your account?" className="w-[min(100%-2rem,32rem)]">
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <p className="text-sm text-slate-700">
          This cannot be undone. Type <strong className="break-all">{email}</strong> to confirm.
        </p>
        <TextField
          label="Your e-mail address"
          type="email"
          autoComplete="off"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={error ?? (serverField === "confirm" ? remove.error?.message : undefined)}
        />
        {remove.isError && serverField !== "confirm" && <Alert tone="error">{remove.error.message}</Alert>}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Keep my account
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? "Deleting…" : "Delete my account"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
