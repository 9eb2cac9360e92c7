import { type FormEvent, type KeyboardEvent, useState } from "react";
import { ROOM_NOTE_MAX_LENGTH } from "../../../../shared/constants.js";
import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";
import { formatNoteTime, useAddRoomNote, useRoomNotes } from "../../../shared/room/room-api.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextAreaField } from "../../../ui/field.js";

/** The note field's id, for the shortcut that goes to it. */
export const NOTE_FIELD_ID = "room-note";

/** The interviewer's private notes, each timed from the session's start; they prefill the scorecard. */
export function NotesPane({ bookingId, resumeUrl }: { bookingId: string; resumeUrl: string | null }) {
  const notes = useRoomNotes(bookingId);
  const add = useAddRoomNote(bookingId);
  const [text, setText] = useState("");

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    add.mutate(text.trim(), { onSuccess: () => setText("") });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <section aria-labelledby="notes-heading" className="space-y-3">
      <h2 id="notes-heading" className="text-base font-semibold text-slate-900">
        Private notes
      </h2>
      {resumeUrl ? (
        <a href={resumeUrl} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-800 underline">
          {ROOM_MESSAGES.resume}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="text-sm text-slate-700">{ROOM_MESSAGES.noResume}</p>
      )}
      <form onSubmit={submit} className="space-y-2">
        <TextAreaField
          id={NOTE_FIELD_ID}
          label="Note"
          hint="Ctrl + Enter adds it"
          rows={3}
          maxLength={ROOM_NOTE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={add.isPending || !text.trim()}>
          Add note
        </Button>
      </form>
      {add.isError && <Alert tone="error">{add.error.message}</Alert>}
      {notes.data && notes.data.notes.length === 0 && (
        <p className="text-sm text-slate-700">{ROOM_MESSAGES.notesEmpty}</p>
      )}
      <ol className="space-y-2 text-sm">
        {notes.data?.notes.map((note) => (
          <li key={note.id} className="rounded-lg bg-white p-2 shadow-sm">
            <span className="mr-2 font-mono text-xs text-slate-700">{formatNoteTime(note.atSecond)}</span>
            <span className="whitespace-pre-wrap text-slate-900">{note.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
