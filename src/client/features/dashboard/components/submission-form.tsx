import { type FormEvent, useState } from "react";
import { type SubmissionInput, submissionInputSchema } from "../../../../shared/schemas/programme.js";
import type { ApiError } from "../../../lib/api.js";
import { Button } from "../../../ui/button.js";
import { TextAreaField, TextField } from "../../../ui/field.js";

/** A link (repository, pull request, deployed app) and a note, checked with the server's own schema. */
export function SubmissionForm({
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (input: SubmissionInput) => void;
}) {
  const [url, setUrl] = useState("");
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<{ field: string; message: string }>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = submissionInputSchema.safeParse({ url, note });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem({ field: String(issue?.path[0] ?? "url"), message: issue?.message ?? "" });
      return;
    }
    setProblem(undefined);
    onSubmit(parsed.data);
  };
  const serverError = error && (error.field ? { field: error.field, message: error.message } : undefined);
  const shown = problem ?? serverError;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={label}>
      <TextField
        label="Link (repository, pull request or deployed app)"
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={shown?.field === "url" ? shown.message : undefined}
        placeholder="https://github.com/you/project/pull/1"
      />
      <TextAreaField
        label="Note for your reviewer"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={shown?.field === "note" ? shown.message : undefined}
      />
      {error && !error.field && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Submitting…" : submitLabel}
      </Button>
    </form>
  );
}
