import { useMemo, useState } from "react";
import type { Recording } from "../../../../shared/schemas/recordings.js";
import { formatPlayerTime, type NoteMark } from "../lib/note-marks.js";
import { useSyncedPlayers } from "../lib/use-synced-players.js";

const SIDE_LABELS = { student: "Student", interviewer: "Interviewer" } as const;

/** Each person's parts in order (a reload during the session started the next part). */
export function sidesOf(recordings: Recording[]): Recording[][] {
  const sides = new Map<Recording["participant"], Recording[]>();
  for (const recording of [...recordings].sort((a, b) => a.part - b.part)) {
    sides.set(recording.participant, [...(sides.get(recording.participant) ?? []), recording]);
  }
  return [...sides.values()];
}

/** Both recordings side by side (one at a time on a phone, with a switch), one timeline and the notes' marks. */
export function ReplayPlayer({ recordings, marks }: { recordings: Recording[]; marks: NoteMark[] }) {
  const sides = useMemo(() => sidesOf(recordings), [recordings]);
  const durations = useMemo(() => sides.map((parts) => parts.map((r) => r.durationSeconds ?? 0)), [sides]);
  const players = useSyncedPlayers(durations);
  const [shown, setShown] = useState(0);
  return (
    <section aria-label="Replay player" className="space-y-3">
      <fieldset className="flex gap-2 sm:hidden">
        <legend className="sr-only">Video shown</legend>
        {sides.map(([recording], index) => (
          <button
            key={recording?.participant}
            type="button"
            aria-pressed={shown === index}
            onClick={() => setShown(index)}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-semibold aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            {recording && SIDE_LABELS[recording.participant]}
          </button>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {sides.map((parts, index) => {
          const recording = parts[players.parts[index] ?? 0] ?? parts[0];
          if (!recording) return null;
          const label = SIDE_LABELS[recording.participant];
          return (
            <figure key={recording.participant} className={shown === index ? "block" : "hidden sm:block"}>
              <video
                {...players.bind(index)}
                src={recording.url ?? undefined}
                data-part={recording.part}
                preload="metadata"
                playsInline
                aria-label={`${label}'s recording`}
                className="aspect-video w-full rounded-lg bg-slate-900"
              >
                {/* Off until the viewer turns captions on in the player (no `default`). */}
                {recording.captionsUrl && (
                  <track key={recording.id} kind="captions" src={recording.captionsUrl} srcLang="en" label="English" />
                )}
              </video>
              <figcaption className="text-sm text-slate-700">
                {label}
                {parts.length > 1 && ` (part ${recording.part} of ${parts.length})`}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={players.toggle}
          className="min-h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {players.playing ? "Pause" : "Play"}
        </button>
        <label className="flex flex-1 items-center gap-2 text-sm text-slate-800">
          <span className="sr-only">Position in the session</span>
          <input
            type="range"
            min={0}
            max={Math.max(players.length, 1)}
            step={1}
            value={Math.floor(players.position)}
            aria-valuetext={`${formatPlayerTime(players.position)} of ${formatPlayerTime(players.length)}`}
            onChange={(event) => players.seek(Number(event.target.value))}
            className="min-h-11 flex-1"
          />
          <span data-testid="replay-time">
            {formatPlayerTime(players.position)} / {formatPlayerTime(players.length)}
          </span>
        </label>
      </div>
      {marks.length > 0 && (
        <ol aria-label="Interviewer's notes on the timeline" className="space-y-1">
          {marks.map((mark) => (
            <li key={`${mark.atSecond}-${mark.text}`}>
              <button
                type="button"
                onClick={() => players.seek(mark.atSecond)}
                className="min-h-11 text-left text-sm text-brand-800 underline"
              >
                {formatPlayerTime(mark.atSecond)} — {mark.text}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
