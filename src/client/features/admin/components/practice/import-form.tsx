import { type FormEvent, useState } from "react";
import { PRACTICE_CSV_COLUMNS } from "../../../../../shared/constants.js";
import { PRACTICE_MESSAGES } from "../../../../../shared/messages.js";
import { Alert } from "../../../../ui/alert.js";
import { Button } from "../../../../ui/button.js";
import { useImportPracticeQuestions } from "../../api/import-practice-questions.js";

/** Imports a CSV file; every rejected line is listed with its number (docs/admin.md, Practice questions). */
export function ImportForm() {
  const importing = useImportPracticeQuestions();
  const [file, setFile] = useState<File | null>(null);
  const [partial, setPartial] = useState(false);
  const [missingFile, setMissingFile] = useState(false);
  const result = importing.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissingFile(!file);
    if (!file) return;
    importing.mutate({ csv: await file.text(), partial });
  };

  return (
    <form
      noValidate
      aria-label="Import questions"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-slate-300 bg-white p-4"
    >
      <h3 className="text-lg font-semibold text-slate-900">Import questions from CSV</h3>
      <p className="text-sm text-slate-700">
        First line: <code className="font-mono">{PRACTICE_CSV_COLUMNS.join(",")}</code>. Hints are separated by “|”.
      </p>
      <div>
        <label htmlFor="practice-import-file" className="block text-sm font-medium text-slate-800">
          CSV file
        </label>
        <input
          id="practice-import-file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={missingFile || undefined}
          aria-describedby={missingFile ? "practice-import-file-error" : undefined}
          className="mt-1 block w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {missingFile && (
          <p id="practice-import-file-error" className="mt-1 text-sm text-red-700">
            Choose a CSV file.
          </p>
        )}
      </div>
      <label className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={partial} onChange={(event) => setPartial(event.target.checked)} />
        Import the valid lines even if some have errors
      </label>
      <Button type="submit" disabled={importing.isPending}>
        {importing.isPending ? "Importing…" : "Import"}
      </Button>
      {importing.error && <Alert tone="error">{importing.error.message}</Alert>}
      {result && (
        <div className="space-y-2" aria-live="polite">
          <Alert tone={result.errors.length > 0 ? "error" : "success"}>
            {result.imported === 1 ? "Imported 1 question." : `Imported ${result.imported} questions.`}
            {result.imported === 0 && result.errors.length > 0 && ` ${PRACTICE_MESSAGES.importedNothing}`}
          </Alert>
          {result.errors.length > 0 && (
            <ul aria-label="Rejected lines" className="list-disc space-y-1 pl-5 text-sm text-slate-900">
              {result.errors.map((error) => (
                <li key={error.line}>
                  Line {error.line}: {error.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
