import { issuesByField } from "../../../../../shared/schemas/first-issue.js";
import {
  type PracticeQuestionDto,
  type PracticeQuestionInput,
  practiceQuestionInputSchema,
} from "../../../../../shared/schemas/practice.js";

/** The question form as typed: hints one per line. */
export const EMPTY_QUESTION_DRAFT = {
  domain: "sde",
  companyType: "service",
  topic: "",
  difficulty: "easy",
  prompt: "",
  modelAnswer: "",
  hints: "",
};
export type QuestionDraft = typeof EMPTY_QUESTION_DRAFT;

export function questionDraftOf(q: PracticeQuestionDto): QuestionDraft {
  return {
    domain: q.domain,
    companyType: q.companyType,
    topic: q.topic,
    difficulty: q.difficulty,
    prompt: q.prompt,
    modelAnswer: q.modelAnswer ?? "",
    hints: q.hints.join("\n"),
  };
}

/** The next question after one is added keeps its domain and topic: questions are often added in a run. */
export function nextQuestionDraft(added: QuestionDraft): QuestionDraft {
  return { ...EMPTY_QUESTION_DRAFT, domain: added.domain, topic: added.topic };
}

/** The draft checked by the shared rules the server applies, with each failing rule's message by field. */
export function checkQuestionDraft(
  draft: QuestionDraft,
):
  | { input: PracticeQuestionInput; errors: Record<string, never> }
  | { input?: undefined; errors: Record<string, string> } {
  const parsed = practiceQuestionInputSchema.safeParse({ ...draft, hints: draft.hints.split("\n") });
  return parsed.success ? { input: parsed.data, errors: {} } : { errors: issuesByField(parsed.error) };
}
