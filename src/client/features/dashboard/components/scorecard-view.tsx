import type { Scorecard } from "../../../../shared/schemas/scorecards.js";
import { SCORE_AREA_LABELS } from "../../../../shared/schemas/scorecards.js";
import { ReplayLink } from "../../../shared/recordings/replay-link.js";
import { SessionCode } from "../../../shared/room/session-code.js";
import { ScoreTags } from "./score-tags.js";

export function ScorecardView({ scorecard }: { scorecard: Scorecard }) {
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4">
      <p className="font-semibold text-slate-900">Scorecard: overall {scorecard.overall}/5</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {scorecard.areas.map((area) => (
          <div key={area} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-700">{SCORE_AREA_LABELS[area]}</dt>
            <dd className="text-lg font-bold text-slate-900">{scorecard.scores[area] ?? "–"}/5</dd>
          </div>
        ))}
      </dl>
      <ScoreTags tags={scorecard.tags} />
      {scorecard.notes && <p className="whitespace-pre-line text-sm text-slate-800">{scorecard.notes}</p>}
      {scorecard.recordingUrl && (
        <a
          href={scorecard.recordingUrl}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-brand-800 underline"
        >
          Watch the recording<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <ReplayLink bookingId={scorecard.bookingId} />
      <SessionCode bookingId={scorecard.bookingId} />
    </div>
  );
}
