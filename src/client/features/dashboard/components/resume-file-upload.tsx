import { type FormEvent, useId, useState } from "react";
import { RESUME_FILE_MESSAGES } from "../../../../shared/recording-messages.js";
import { RESUME_FILE_MAX_BYTES } from "../../../../shared/schemas/recordings.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useUploadResumeFile } from "../api/upload-resume-file.js";

/** The resume as a PDF file instead of a link; the server checks it is a PDF of at most 5 MB. */
export function ResumeFileUpload() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadResumeFile();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > RESUME_FILE_MAX_BYTES) {
      setError(RESUME_FILE_MESSAGES.tooLarge);
      return;
    }
    setError(undefined);
    upload.mutate(file);
  };
  const shown = error ?? (upload.isError ? upload.error.message : undefined);
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {RESUME_FILE_MESSAGES.uploadLabel}
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="block min-h-11 text-sm text-slate-800"
      />
      {shown && <Alert tone="error">{shown}</Alert>}
      {upload.isSuccess && <Alert tone="success">{RESUME_FILE_MESSAGES.uploaded}</Alert>}
      <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
        {upload.isPending ? "Uploading…" : "Upload PDF"}
      </Button>
    </form>
  );
}
