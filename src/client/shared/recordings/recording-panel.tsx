import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { Alert } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { useConsentStep, useRecordingConsent } from "./recordings-api.js";
import { useRecorder } from "./use-recorder.js";

/**
 * Recording in the room (docs/privacy.md, Recordings): the interviewer asks, the student allows or
 * declines; while it runs both screens show the "Recording" badge and each browser records itself,
 * until either person stops it for both.
 */
export function RecordingPanel({
  bookingId,
  role,
  peerName,
  media,
}: {
  bookingId: string;
  role: "student" | "interviewer";
  peerName: string;
  media: MediaStream | null;
}) {
  const consent = useRecordingConsent(bookingId);
  const step = useConsentStep(bookingId);
  const state = consent.data?.state;
  const running = state === "accepted" && !consent.data?.stoppedAt;
  const recorder = useRecorder(bookingId, media, running);

  return (
    <section aria-label="Recording" className="space-y-2">
      {running && recorder !== "failed" && (
        <p
          role="status"
          data-recorder={recorder}
          className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white"
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-white" />
          {RECORDING_MESSAGES.recording}
        </p>
      )}
      {recorder === "failed" && <Alert tone="error">{RECORDING_MESSAGES.uploadFailed}</Alert>}
      {running && (
        <Button variant="secondary" disabled={step.isPending} onClick={() => step.mutate({ stop: true })}>
          {RECORDING_MESSAGES.stopRecording}
        </Button>
      )}
      {state === "accepted" && consent.data?.stoppedAt && (
        <p className="text-sm text-slate-700">{RECORDING_MESSAGES.stoppedNote}</p>
      )}
      {role === "interviewer" && state === "not_asked" && (
        <Button variant="secondary" disabled={step.isPending} onClick={() => step.mutate({ ask: true })}>
          {RECORDING_MESSAGES.askToRecord}
        </Button>
      )}
      {role === "interviewer" && state === "asked" && (
        <p className="text-sm text-slate-700">{RECORDING_MESSAGES.askSent}</p>
      )}
      {role === "interviewer" && state === "declined" && (
        <p className="text-sm text-slate-700">{RECORDING_MESSAGES.declined}</p>
      )}
      {role === "student" && state === "asked" && (
        <fieldset className="space-y-2 rounded-lg bg-amber-50 p-3">
          <legend className="float-left mb-2 text-sm text-slate-900">{RECORDING_MESSAGES.askQuestion(peerName)}</legend>
          <div className="clear-left flex flex-wrap gap-2">
            <Button disabled={step.isPending} onClick={() => step.mutate({ accept: true })}>
              {RECORDING_MESSAGES.accept}
            </Button>
            <Button variant="secondary" disabled={step.isPending} onClick={() => step.mutate({ accept: false })}>
              {RECORDING_MESSAGES.decline}
            </Button>
          </div>
        </fieldset>
      )}
      {step.error && <Alert tone="error">{step.error.message}</Alert>}
    </section>
  );
}
