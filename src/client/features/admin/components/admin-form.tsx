import type { ChangeEvent, FormEvent, ReactNode } from "react";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";

interface AdminFormProps {
  /** The form's accessible name ("Add workshop", "Edit slot"). */
  label: string;
  /** Shown above a form on a card; a form in a dialog is named by the dialog's title instead. */
  heading?: string;
  /** The first problem found before sending, or the server's answer. */
  error: string | undefined;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  /** Shows a Cancel button. */
  onCancel?: (() => void) | undefined;
  /** In a dialog: Cancel first, both buttons at the end of the row. */
  inDialog?: boolean;
  children: ReactNode;
}

/** The frame of every admin add/edit form: name, heading, fields, one error line, Save and Cancel. */
export function AdminForm({
  label,
  heading,
  error,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  inDialog = false,
  children,
}: AdminFormProps) {
  const cancel = onCancel && (
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
  );
  const save = (
    <Button type="submit" disabled={pending}>
      {pending ? "Saving…" : submitLabel}
    </Button>
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      className={inDialog ? "mt-4 space-y-3" : "space-y-3 rounded-xl border border-slate-300 bg-white p-4"}
    >
      {heading && <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>}
      {children}
      {error && <Alert tone="error">{error}</Alert>}
      {inDialog ? (
        <div className="flex justify-end gap-2">
          {cancel}
          {save}
        </div>
      ) : (
        <div className="flex gap-2">
          {save}
          {cancel}
        </div>
      )}
    </form>
  );
}

type OnChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

/** Seats on offer: a whole number from 1. */
export function CapacityField({
  label = "Capacity",
  value,
  error,
  onChange,
}: {
  label?: string;
  value: string;
  error?: string | undefined;
  onChange: OnChange;
}) {
  return <TextField label={label} type="number" min={1} step={1} value={value} error={error} onChange={onChange} />;
}

/** Published sessions are bookable; drafts are not shown to students. */
export function StatusField({ value, onChange }: { value: string; onChange: OnChange }) {
  return (
    <SelectField label="Status" value={value} onChange={onChange}>
      <option value="published">Published</option>
      <option value="draft">Draft</option>
    </SelectField>
  );
}

/** Capacity and status side by side, as slots and workshops have them. */
export function CapacityStatusFields({
  capacity,
  capacityError,
  status,
  onCapacity,
  onStatus,
}: {
  capacity: string;
  capacityError?: string | undefined;
  status: string;
  onCapacity: OnChange;
  onStatus: OnChange;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <CapacityField value={capacity} error={capacityError} onChange={onCapacity} />
      <StatusField value={status} onChange={onStatus} />
    </div>
  );
}
