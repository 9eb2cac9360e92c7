import type { CompanyType, Domain, PracticeDifficulty } from "../../../shared/constants.js";
import type { PracticeQuestionDto, PracticeQuestionInput } from "../../../shared/schemas/practice.js";
import type { PracticeQuestionRow } from "./repository.js";

function decodeHints(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((hint): hint is string => typeof hint === "string") : [];
}

export function toQuestionDto(row: PracticeQuestionRow): PracticeQuestionDto {
  return {
    id: row.id,
    domain: row.domain as Domain,
    companyType: row.company_type as CompanyType,
    topic: row.topic,
    difficulty: row.difficulty as PracticeDifficulty,
    prompt: row.prompt,
    modelAnswer: row.model_answer,
    hints: decodeHints(row.hints),
  };
}

/** The columns a question's input sets (its id and creation time are the caller's). */
export function questionColumns(input: PracticeQuestionInput, now: string) {
  return {
    domain: input.domain,
    company_type: input.companyType,
    topic: input.topic,
    difficulty: input.difficulty,
    prompt: input.prompt,
    model_answer: input.modelAnswer === "" ? null : input.modelAnswer,
    hints: JSON.stringify(input.hints),
    updated_at: now,
  };
}
