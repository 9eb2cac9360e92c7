import { type FormEvent, useId, useState } from "react";
import { RECORDING_MESSAGES } from "../../../../shared/recording-messages.js";
import type { Recording } from "../../../../shared/schemas/recordings.js";
import { useAddCaptions } from "../../../shared/recordings/recordings-api.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

const SIDES = { student: "student", interviewer: "interviewer" } as const;

/** A WebVTT caption file for each part of the replay; the player keeps captions off until chosen. */
export function CaptionsUpload({ bookingId, recordings }: { bookingId: string; recordings: Recording[] }) {
  return (
    <section aria-labelledby="captions-heading" className="space-y-3 rounded-xl bg-slate-50 p-4">
      <h2 id="captions-heading" className="font-semibold text-slate-900">
        Captions
      </h2>
      {recordings.map((recording) => (
        <CaptionsForm
          key={recording.id}
          bookingId={bookingId}
          recording={recording}
          many={recordings.some((r) => r.participant === recording.participant && r.id !== recording.id)}
        />
      ))}
    </section>
  );
}

function CaptionsForm({ bookingId, recording, many }: { bookingId: string; recording: Recording; many: boolean }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const add = useAddCaptions(bookingId);
  const side = `${SIDES[recording.participant]}${many ? `, part ${recording.part}` : ""}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) add.mutate({ recordingId: recording.id, file });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {RECORDING_MESSAGES.addCaptions(side)}
      </label>
      <input
        id={inputId}
        type="file"
        accept="text/vtt,.vtt"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="block min-h-11 text-sm text-slate-800"
      />
      {add.isError && <Alert tone="error">{add.error.message}</Alert>}
      {add.isSuccess && <Alert tone="success">{RECORDING_MESSAGES.captionsAdded}</Alert>}
      <Button type="submit" variant="secondary" disabled={!file || add.isPending}>
        {add.isPending ? "Uploading…" : "Upload captions"}
      </Button>
    </form>
  );
}
