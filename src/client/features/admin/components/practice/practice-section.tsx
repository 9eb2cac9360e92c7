import { useState } from "react";
import { DOMAIN_LABELS, DOMAINS, PRACTICE_DIFFICULTY_LABELS } from "../../../../../shared/constants.js";
import type { PracticeQuestionDto } from "../../../../../shared/schemas/practice.js";
import { useCatalogLabel } from "../../../../shared/catalog/get-catalog.js";
import { Alert, Spinner } from "../../../../ui/alert.js";
import { Button } from "../../../../ui/button.js";
import { Dialog } from "../../../../ui/dialog.js";
import { SelectField } from "../../../../ui/field.js";
import { useAdminPracticeQuestions } from "../../api/get-practice-questions.js";
import { SectionLayout } from "../section-layout.js";
import { ImportForm } from "./import-form.js";
import { QuestionForm } from "./question-form.js";

/** The practice bank (docs/admin.md, Practice questions): add, import, browse by domain and edit. */
export function PracticeSection() {
  return (
    <SectionLayout id="practice" title="Practice questions">
      <div className="grid gap-4 lg:grid-cols-2">
        <QuestionForm />
        <ImportForm />
      </div>
      <QuestionBank />
    </SectionLayout>
  );
}

function QuestionBank() {
  const [domain, setDomain] = useState("");
  const [editing, setEditing] = useState<PracticeQuestionDto | null>(null);
  const bank = useAdminPracticeQuestions(domain);
  const label = useCatalogLabel();
  const shown = bank.data?.pages.flatMap((page) => page.questions) ?? [];
  const total = bank.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="practice-bank-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="practice-bank-title" className="text-lg font-semibold text-slate-900">
          The bank{bank.data ? `: ${total} ${total === 1 ? "question" : "questions"}` : ""}
        </h3>
        <SelectField
          id="practice-bank-domain"
          label="Domain"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        >
          <option value="">Every domain</option>
          {DOMAINS.map((d) => (
            <option key={d} value={d}>
              {DOMAIN_LABELS[d]}
            </option>
          ))}
        </SelectField>
      </div>
      {bank.isPending && <Spinner label="Loading questions…" />}
      {bank.isError && <Alert tone="error">{bank.error.message}</Alert>}
      {shown.length > 0 && (
        <ul aria-label="Questions" className="divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white">
          {shown.map((q) => (
            <li key={q.id} className="flex flex-wrap items-start justify-between gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="font-semibold text-slate-900">{q.prompt}</p>
                <p className="text-slate-700">
                  {DOMAIN_LABELS[q.domain]} · {q.topic} · {PRACTICE_DIFFICULTY_LABELS[q.difficulty]} ·{" "}
                  {label(q.companyType)} · {q.modelAnswer ? "model answer" : `${q.hints.length} hints`}
                </p>
              </div>
              <Button variant="secondary" onClick={() => setEditing(q)}>
                Edit<span className="sr-only"> question: {q.prompt}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {bank.hasNextPage && (
        <Button variant="secondary" disabled={bank.isFetchingNextPage} onClick={() => void bank.fetchNextPage()}>
          {bank.isFetchingNextPage ? "Loading…" : `Show more (${shown.length} of ${total})`}
        </Button>
      )}
      {editing && (
        <Dialog open onClose={() => setEditing(null)} title="Edit question" className="w-[min(100%-2rem,44rem)]">
          <QuestionForm question={editing} onDone={() => setEditing(null)} />
        </Dialog>
      )}
    </section>
  );
}
