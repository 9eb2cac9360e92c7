import { type FormEvent, useState } from "react";
import {
  type AdminScorecardView,
  SCORE_AREA_LABELS,
  SCORE_MAX,
  SCORE_MIN,
  type ScoreArea,
} from "../../../shared/schemas/scorecards.js";
import { formatInstant } from "../../../shared/time.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { Dialog } from "../../ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../ui/field.js";
import { notesAsDraft, useRoomNotes } from "../room/room-api.js";
import { SessionCode } from "../room/session-code.js";
import { useClientConfig } from "../session/get-config.js";
import { type ScorecardAuthor, useSaveScorecard, useScorecardView } from "./api.js";
import {
  checkScorecardFields,
  type ScorecardFields,
  scorecardFieldsOf,
  tagsError,
  withoutFieldErrors,
} from "./scorecard-form-rules.js";

const SCORES = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i);

/**
 * Scorecard entry for one mock interview: the package's areas, overall, tags, notes, recording.
 * The admin writes it for any session, an interviewer for their own.
 */
export function ScorecardDialog({
  author,
  bookingId,
  onClose,
}: {
  author: ScorecardAuthor;
  bookingId: string;
  onClose: () => void;
}) {
  const view = useScorecardView(author, bookingId);
  // The interviewer's private notes from the room are the draft of what the student will read.
  const roomNotes = useRoomNotes(bookingId, author === "interviewer");
  const notesReady = author !== "interviewer" || !roomNotes.isPending;
  return (
    <Dialog open onClose={onClose} title="Scorecard" className="w-[min(100%-2rem,40rem)]">
      {(view.isPending || !notesReady) && <Spinner label="Loading the booking…" />}
      {view.isError && <Alert tone="error">{view.error.message}</Alert>}
      {view.data && notesReady && (
        <ScorecardForm
          author={author}
          view={view.data}
          draftNotes={roomNotes.data ? notesAsDraft(roomNotes.data.notes) : ""}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function useScorecardForm(author: ScorecardAuthor, view: AdminScorecardView, draftNotes: string) {
  const save = useSaveScorecard(author);
  const [fields, setFields] = useState<ScorecardFields>(() => scorecardFieldsOf(view, draftNotes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes as soon as its value changes: it is checked again on the next save.
  const change = (field: Exclude<keyof ScorecardFields, "scores">, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldErrors(current, field));
  };
  const changeScore = (area: ScoreArea, value: string) => {
    setFields((current) => ({ ...current, scores: { ...current.scores, [area]: value } }));
    setErrors((current) => withoutFieldErrors(current, `scores.${area}`));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkScorecardFields(view, fields);
    setErrors(checked.errors);
    if (checked.input) save.mutate({ bookingId: view.booking.id, input: checked.input });
  };
  return { save, fields, errors, change, changeScore, submit };
}

function ScorecardForm({
  author,
  view,
  draftNotes,
  onClose,
}: {
  author: ScorecardAuthor;
  view: AdminScorecardView;
  draftNotes: string;
  onClose: () => void;
}) {
  const { save, fields, errors, change, changeScore, submit } = useScorecardForm(author, view, draftNotes);
  const existing = view.scorecard;
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-4">
      <BookingLine booking={view.booking} />
      <ScoreFields
        view={view}
        fields={fields}
        errors={errors}
        onScore={changeScore}
        onOverall={(value) => change("overall", value)}
      />
      <TextField
        label="Tags"
        value={fields.tags}
        onChange={(e) => change("tags", e.target.value)}
        hint="Comma-separated, for example: Clear communicator, Revise DP"
        error={tagsError(errors)}
      />
      <TextAreaField
        label="Notes for the student"
        rows={5}
        value={fields.notes}
        onChange={(e) => change("notes", e.target.value)}
        error={errors.notes}
        hint={
          !existing && draftNotes
            ? "Prefilled from your private notes in the room: the student sees only what you save here."
            : undefined
        }
      />
      {author === "interviewer" && <SessionCode bookingId={view.booking.id} />}
      <TextField
        label="Recording link (optional)"
        type="url"
        value={fields.recordingUrl}
        onChange={(e) => change("recordingUrl", e.target.value)}
        error={errors.recordingUrl}
      />
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {save.isSuccess && <Alert tone="success">Scorecard saved. The student can see it on their dashboard.</Alert>}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : existing ? "Update scorecard" : "Save scorecard"}
        </Button>
      </div>
    </form>
  );
}

/** Who and what is being scored, when, and the student's resume for the resume round. */
function BookingLine({ booking }: { booking: AdminScorecardView["booking"] }) {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  return (
    <>
      <p className="text-sm text-slate-700">
        {booking.studentName || booking.studentEmail} ({booking.studentEmail}) · {booking.title} ·{" "}
        {formatInstant(booking.startAt, zone, config.data?.timeZoneLabel)}
      </p>
      {booking.studentResumeUrl && (
        <a
          href={booking.studentResumeUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-brand-800 underline"
        >
          Open the student's resume<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </>
  );
}

function ScoreOptions() {
  return (
    <>
      <option value="">Choose…</option>
      {SCORES.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </>
  );
}

function ScoreFields({
  view,
  fields,
  errors,
  onScore,
  onOverall,
}: {
  view: AdminScorecardView;
  fields: ScorecardFields;
  errors: Record<string, string>;
  onScore: (area: ScoreArea, value: string) => void;
  onOverall: (value: string) => void;
}) {
  return (
    <>
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Scores (1 = weak, 5 = excellent)</legend>
        {view.areas.map((area) => (
          <SelectField
            key={area}
            label={SCORE_AREA_LABELS[area]}
            value={fields.scores[area] ?? ""}
            onChange={(e) => onScore(area, e.target.value)}
            error={errors[`scores.${area}`]}
          >
            <ScoreOptions />
          </SelectField>
        ))}
      </fieldset>
      <SelectField
        label="Overall score"
        value={fields.overall}
        onChange={(e) => onOverall(e.target.value)}
        error={errors.overall}
      >
        <ScoreOptions />
      </SelectField>
    </>
  );
}
