import { useState } from "react";
import { DOMAIN_LABELS, PRACTICE_DIFFICULTY_LABELS } from "../../../../shared/constants.js";
import type { StudentPracticeQuestionDto } from "../../../../shared/schemas/practice.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useMarkQuestion } from "../api/mark-question.js";

const toggle =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border px-3 text-sm font-semibold aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 border-slate-300 text-slate-800 hover:bg-slate-50 disabled:text-slate-500";

/** One question: what it is, its model answer or hints on demand, and the student's done and saved marks. */
export function QuestionCard({ question }: { question: StudentPracticeQuestionDto }) {
  const [open, setOpen] = useState(false);
  const mark = useMarkQuestion();
  const label = useCatalogLabel();
  const helpId = `practice-help-${question.id}`;
  const helpLabel = question.modelAnswer ? "model answer" : "hints";
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex flex-wrap gap-2 text-xs font-semibold text-slate-700">
        <span>{DOMAIN_LABELS[question.domain]}</span>
        <span aria-hidden="true">·</span>
        <span>{question.topic}</span>
        <span aria-hidden="true">·</span>
        <span>{PRACTICE_DIFFICULTY_LABELS[question.difficulty]}</span>
        <span aria-hidden="true">·</span>
        <span>{label(question.companyType)}</span>
      </p>
      <h3 className="mt-2 font-semibold text-slate-900">{question.prompt}</h3>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={toggle}
          aria-expanded={open}
          aria-controls={helpId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? `Hide ${helpLabel}` : `Show ${helpLabel}`}
        </button>
        <button
          type="button"
          className={toggle}
          aria-pressed={question.done}
          disabled={mark.isPending}
          onClick={() => mark.mutate({ id: question.id, change: { done: !question.done } })}
        >
          <span aria-hidden="true">{question.done ? "✓" : ""}</span>
          Done
        </button>
        <button
          type="button"
          className={toggle}
          aria-pressed={question.saved}
          disabled={mark.isPending}
          onClick={() => mark.mutate({ id: question.id, change: { saved: !question.saved } })}
        >
          <span aria-hidden="true">{question.saved ? "★" : "☆"}</span>
          Saved
        </button>
      </div>
      <div id={helpId} hidden={!open} className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        {question.modelAnswer && <p className="whitespace-pre-line">{question.modelAnswer}</p>}
        {question.hints.length > 0 && (
          <ul className={`list-disc space-y-1 pl-5 ${question.modelAnswer ? "mt-2" : ""}`}>
            {question.hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        )}
      </div>
      {mark.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {mark.error.message}
        </p>
      )}
    </li>
  );
}
