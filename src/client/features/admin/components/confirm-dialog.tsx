import type { ReactNode } from "react";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { AdminError } from "./admin-error.js";

interface ConfirmDialogProps {
  /** The question, as messages.ts words it ("Delete this slot?"); also the dialog's name. */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** What the server answered when the action was refused (it stays open to show it). */
  error: Error | string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive change; Cancel (or Escape) leaves everything as it was. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open onClose={onClose} title={title}>
      {children && <div className="mt-3 text-sm text-slate-800">{children}</div>}
      {error && (
        <div className="mt-4">
          <AdminError error={error} />
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? "Working…" : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
