import type { Submission } from "../../../../shared/schemas/programme.js";
import { formatInstant } from "../../../../shared/time.js";
import { SUBMISSION_STATUS_LABELS } from "./milestone-status.js";

/** Every hand-in of a week or capstone, each with its comment thread, oldest first. */
export function SubmissionThread({
  submissions,
  zone,
  zoneLabel,
}: {
  submissions: Submission[];
  zone: string;
  zoneLabel: string;
}) {
  if (submissions.length === 0) return null;
  return (
    <ol className="space-y-3">
      {submissions.map((s, index) => (
        <li key={s.id} className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">
            Submission {index + 1}: {SUBMISSION_STATUS_LABELS[s.status]}
            {s.late && <span className="ml-2 rounded bg-amber-100 px-1.5 text-amber-900">Late</span>}
          </p>
          <p className="break-all">
            <a href={s.url} target="_blank" rel="noreferrer" className="text-brand-800 underline">
              {s.url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
          <p className="text-slate-700">Handed in {formatInstant(s.submittedAt, zone, zoneLabel)}</p>
          {s.comments.length > 0 && (
            <ul className="mt-2 space-y-2 border-l-2 border-slate-300 pl-3" aria-label="Comments">
              {s.comments.map((c) => (
                <li key={c.id}>
                  <p className="font-medium text-slate-900">
                    {c.authorName}
                    <span className="font-normal text-slate-700">
                      {" "}
                      · {c.authorRole === "reviewer" ? "Reviewer" : "You"}
                    </span>
                  </p>
                  <p className="whitespace-pre-line text-slate-800">{c.body}</p>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
