import { type FormEvent, useState } from "react";
import {
  COMPANY_TYPES,
  DOMAIN_LABELS,
  DOMAINS,
  PRACTICE_DIFFICULTIES,
  PRACTICE_DIFFICULTY_LABELS,
} from "../../../../../shared/constants.js";
import type { PracticeQuestionDto } from "../../../../../shared/schemas/practice.js";
import { ApiError } from "../../../../lib/api.js";
import { useCatalogLabel } from "../../../../shared/catalog/get-catalog.js";
import { SelectField, TextAreaField, TextField } from "../../../../ui/field.js";
import { useSavePracticeQuestion } from "../../api/save-practice-question.js";
import { AdminForm } from "../admin-form.js";
import {
  checkQuestionDraft,
  EMPTY_QUESTION_DRAFT,
  nextQuestionDraft,
  type QuestionDraft,
  questionDraftOf,
} from "./question-draft.js";

/** Add a question, or edit `question`; every failing rule shows beside its field (docs/admin.md, Practice questions). */
export function QuestionForm({ question, onDone }: { question?: PracticeQuestionDto; onDone?: () => void }) {
  const save = useSavePracticeQuestion();
  const [draft, setDraft] = useState<QuestionDraft>(question ? questionDraftOf(question) : EMPTY_QUESTION_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<QuestionDraft>) => setDraft((d) => ({ ...d, ...changes }));
  const idBase = question ? `practice-edit-${question.id}` : "practice-add";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkQuestionDraft(draft);
    setErrors(checked.errors);
    if (!checked.input) return;
    save.mutate(
      { id: question?.id, input: checked.input },
      {
        onSuccess: () => {
          if (!question) setDraft(nextQuestionDraft(draft));
          onDone?.();
        },
        onError: (err) => setErrors(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
      },
    );
  };
  const serverError =
    save.error && !(save.error instanceof ApiError && save.error.field) ? save.error.message : undefined;

  return (
    <AdminForm
      label={question ? "Edit question" : "Add a question"}
      heading={question ? undefined : "Add a question"}
      inDialog={Boolean(question)}
      error={serverError}
      pending={save.isPending}
      submitLabel={question ? "Save question" : "Add question"}
      onSubmit={submit}
      onCancel={onDone}
    >
      <ClassificationFields idBase={idBase} draft={draft} errors={errors} set={set} />
      <TextAreaField
        id={`${idBase}-prompt`}
        label="Question"
        rows={2}
        value={draft.prompt}
        error={errors.prompt}
        onChange={(e) => set({ prompt: e.target.value })}
      />
      <TextAreaField
        id={`${idBase}-answer`}
        label="Model answer"
        rows={3}
        value={draft.modelAnswer}
        error={errors.modelAnswer}
        hint="A model answer, hints, or both."
        onChange={(e) => set({ modelAnswer: e.target.value })}
      />
      <TextAreaField
        id={`${idBase}-hints`}
        label="Hints"
        rows={2}
        value={draft.hints}
        error={errors.hints}
        hint="One hint per line."
        onChange={(e) => set({ hints: e.target.value })}
      />
    </AdminForm>
  );
}

/** Where the question sits in the bank: domain, company type, topic and difficulty. */
function ClassificationFields({
  idBase,
  draft,
  errors,
  set,
}: {
  idBase: string;
  draft: QuestionDraft;
  errors: Record<string, string>;
  set: (changes: Partial<QuestionDraft>) => void;
}) {
  const label = useCatalogLabel();
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <SelectField
        id={`${idBase}-domain`}
        label="Domain"
        value={draft.domain}
        error={errors.domain}
        onChange={(e) => set({ domain: e.target.value })}
      >
        {DOMAINS.map((d) => (
          <option key={d} value={d}>
            {DOMAIN_LABELS[d]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${idBase}-company`}
        label="Company type"
        value={draft.companyType}
        error={errors.companyType}
        onChange={(e) => set({ companyType: e.target.value })}
      >
        {COMPANY_TYPES.map((c) => (
          <option key={c} value={c}>
            {label(c)}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${idBase}-topic`}
        label="Topic"
        value={draft.topic}
        error={errors.topic}
        onChange={(e) => set({ topic: e.target.value })}
      />
      <SelectField
        id={`${idBase}-difficulty`}
        label="Difficulty"
        value={draft.difficulty}
        error={errors.difficulty}
        onChange={(e) => set({ difficulty: e.target.value })}
      >
        {PRACTICE_DIFFICULTIES.map((d) => (
          <option key={d} value={d}>
            {PRACTICE_DIFFICULTY_LABELS[d]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
