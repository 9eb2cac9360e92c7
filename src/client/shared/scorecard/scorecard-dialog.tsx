import { type FormEvent, useState } from "react";
import { SCORECARD_MESSAGES } from "../../../shared/messages.js";
import {
  type AdminScorecardView,
  missingScoreAreas,
  SCORE_AREA_LABELS,
  SCORE_MAX,
  SCORE_MIN,
  type ScoreArea,
  scorecardInputSchema,
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
  const config = useClientConfig();
  const save = useSaveScorecard(author);
  const existing = view.scorecard;
  const [scores, setScores] = useState<Partial<Record<ScoreArea, string>>>(
    Object.fromEntries(view.areas.map((area) => [area, String(existing?.scores[area] ?? "")])),
  );
  const [overall, setOverall] = useState(String(existing?.overall ?? ""));
  const [tags, setTags] = useState(existing?.tags.join(", ") ?? "");
  const [notes, setNotes] = useState(existing?.notes ?? draftNotes);
  const [recordingUrl, setRecordingUrl] = useState(existing?.recordingUrl ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error goes as soon as its value changes: it is checked again on the next save.
  const forget = (field: string) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`))),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      scores: Object.fromEntries(view.areas.filter((a) => scores[a]).map((a) => [a, Number(scores[a])])),
      overall: overall ? Number(overall) : Number.NaN,
      tags: tags
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      notes,
      recordingUrl,
    };
    const parsed = scorecardInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
    const missing = missingScoreAreas(view.booking.packageKey, input.scores);
    for (const area of missing) found[`scores.${area}`] = SCORECARD_MESSAGES.missingAreas(SCORE_AREA_LABELS[area]);
    setErrors(found);
    if (parsed.success && missing.length === 0) save.mutate({ bookingId: view.booking.id, input: parsed.data });
  };

  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-4">
      <p className="text-sm text-slate-700">
        {view.booking.studentName || view.booking.studentEmail} ({view.booking.studentEmail}) · {view.booking.title} ·{" "}
        {formatInstant(view.booking.startAt, zone, config.data?.timeZoneLabel)}
      </p>
      {view.booking.studentResumeUrl && (
        <a
          href={view.booking.studentResumeUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-brand-800 underline"
        >
          Open the student's resume<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Scores (1 = weak, 5 = excellent)</legend>
        {view.areas.map((area) => (
          <SelectField
            key={area}
            label={SCORE_AREA_LABELS[area]}
            value={scores[area] ?? ""}
            onChange={(e) => {
              setScores({ ...scores, [area]: e.target.value });
              forget(`scores.${area}`);
            }}
            error={errors[`scores.${area}`]}
          >
            <option value="">Choose…</option>
            {SCORES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        ))}
      </fieldset>
      <SelectField
        label="Overall score"
        value={overall}
        onChange={(e) => {
          setOverall(e.target.value);
          forget("overall");
        }}
        error={errors.overall}
      >
        <option value="">Choose…</option>
        {SCORES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Tags"
        value={tags}
        onChange={(e) => {
          setTags(e.target.value);
          forget("tags");
        }}
        hint="Comma-separated, for example: Clear communicator, Revise DP"
        error={errors.tags ?? Object.entries(errors).find(([key]) => key.startsWith("tags."))?.[1]}
      />
      <TextAreaField
        label="Notes for the student"
        rows={5}
        value={notes}
        onChange={(e) => {
          setNotes(e.target.value);
          forget("notes");
        }}
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
        value={recordingUrl}
        onChange={(e) => {
          setRecordingUrl(e.target.value);
          forget("recordingUrl");
        }}
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
