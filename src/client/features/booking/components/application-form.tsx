import { type FormEvent, useState } from "react";
import { PROGRAMME_MESSAGES } from "../../../../shared/messages.js";
import { type Application, applicationInputSchema, YEARS_OF_STUDY } from "../../../../shared/schemas/programme.js";
import type { ApiError } from "../../../lib/api.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useApplication, useSaveApplication } from "../api/application.js";

type Fields = { college: string; yearOfStudy: string; graduationYear: string; why: string; projectUrl: string };
const EMPTY: Fields = { college: "", yearOfStudy: "", graduationYear: "", why: "", projectUrl: "" };
const fromApplication = (a: Application): Fields => ({ ...a, graduationYear: String(a.graduationYear) });

/** The application (college, year, graduation, one line on why, a project link), saved before the seat is held. */
export function ApplicationForm({
  internshipId,
  busy,
  disabled,
  onApplied,
  submitLabel = "Book Slot",
}: {
  internshipId: string;
  busy: boolean;
  disabled: boolean;
  onApplied: () => void;
  /** What saving leads to: booking by default, or joining a full batch's line, or taking an offered seat. */
  submitLabel?: string;
}) {
  const existing = useApplication(internshipId);
  if (existing.isPending) return null;
  return (
    <ApplicationFields
      key={internshipId}
      internshipId={internshipId}
      initial={existing.data ? fromApplication(existing.data) : EMPTY}
      busy={busy}
      disabled={disabled}
      onApplied={onApplied}
      submitLabel={submitLabel}
    />
  );
}

function ApplicationFields({
  internshipId,
  initial,
  busy,
  disabled,
  onApplied,
  submitLabel,
}: {
  internshipId: string;
  initial: Fields;
  busy: boolean;
  disabled: boolean;
  onApplied: () => void;
  submitLabel: string;
}) {
  const [fields, setFields] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<keyof Fields, string>>>({});
  const save = useSaveApplication(internshipId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = applicationInputSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    save.mutate(parsed.data, { onSuccess: onApplied });
  };
  const text = (name: keyof Fields, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      value={fields[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      error={problems[name]}
      {...extra}
    />
  );
  const error = save.error as ApiError | null;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={PROGRAMME_MESSAGES.applicationTitle}>
      <h4 className="font-semibold">{PROGRAMME_MESSAGES.applicationTitle}</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        {text("college", "College", { autoComplete: "organization" })}
        <SelectField
          label="Year of study"
          value={fields.yearOfStudy}
          onChange={(e) => setFields({ ...fields, yearOfStudy: e.target.value })}
          error={problems.yearOfStudy}
        >
          <option value="">Choose…</option>
          {YEARS_OF_STUDY.map((year) => (
            <option key={year}>{year}</option>
          ))}
        </SelectField>
        {text("graduationYear", "Graduation year", { inputMode: "numeric", placeholder: "2027" })}
        {text("projectUrl", "Project or GitHub link", { type: "url", placeholder: "https://github.com/you" })}
      </div>
      {text("why", "Why this internship? (one line)")}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={busy || disabled || save.isPending}>
        {busy ? "Opening payment…" : submitLabel}
      </Button>
    </form>
  );
}
