import { type FormEvent, useState } from "react";
import { resumeInputSchema } from "../../../../shared/schemas/dashboard.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextField } from "../../../ui/field.js";
import { useSaveResume } from "../api/save-resume.js";
import { Panel } from "./panel.js";
import { ResumeFileUpload } from "./resume-file-upload.js";

/** "Upload resume": a link to the PDF (Drive, Dropbox, a personal site) that interviewers open. */
export function ResumeForm({ current }: { current: string | null }) {
  const [url, setUrl] = useState(current ?? "");
  const [error, setError] = useState<string>();
  const save = useSaveResume();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resumeInputSchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <Panel title="Resume" id="resume">
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Link to your resume (PDF)"
          type="url"
          inputMode="url"
          placeholder="https://drive.google.com/…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error ?? (save.isError ? save.error.message : undefined)}
          hint="Share it as “anyone with the link can view”. Your interviewer reviews it in the resume round."
        />
        {save.isSuccess && (
          <Alert tone="success">{save.data.url ? "Resume link saved." : "Resume link removed."}</Alert>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save resume link"}
          </Button>
          {current && (
            <a
              href={current}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
            >
              Open current resume<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </form>
      <ResumeFileUpload />
    </Panel>
  );
}
