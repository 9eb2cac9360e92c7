import { z } from "zod";
import {
  COMPANY_TYPES,
  DOMAINS,
  PRACTICE_ANSWER_MAX,
  PRACTICE_DIFFICULTIES,
  PRACTICE_HINT_MAX,
  PRACTICE_HINTS_MAX,
  PRACTICE_PROMPT_MAX,
  PRACTICE_TOPIC_MAX,
} from "../constants.js";
import { PRACTICE_MESSAGES } from "../messages.js";

export const domainSchema = z.enum(DOMAINS, { message: PRACTICE_MESSAGES.domainInvalid });
export const difficultySchema = z.enum(PRACTICE_DIFFICULTIES, { message: PRACTICE_MESSAGES.difficultyInvalid });

/** One question as an admin writes it, in the form or as a CSV row; the server checks the same schema. */
export const practiceQuestionInputSchema = z
  .object({
    domain: domainSchema,
    companyType: z.enum(COMPANY_TYPES, { message: PRACTICE_MESSAGES.companyTypeInvalid }),
    topic: z
      .string({ message: PRACTICE_MESSAGES.topicRequired })
      .trim()
      .min(1, PRACTICE_MESSAGES.topicRequired)
      .max(PRACTICE_TOPIC_MAX, PRACTICE_MESSAGES.topicRequired),
    difficulty: difficultySchema,
    prompt: z
      .string({ message: PRACTICE_MESSAGES.promptRequired })
      .trim()
      .min(1, PRACTICE_MESSAGES.promptRequired)
      .max(PRACTICE_PROMPT_MAX, PRACTICE_MESSAGES.promptRequired),
    modelAnswer: z.string().trim().max(PRACTICE_ANSWER_MAX, PRACTICE_MESSAGES.answerTooLong).default(""),
    hints: z
      .array(z.string().trim().max(PRACTICE_HINT_MAX, PRACTICE_MESSAGES.hintsInvalid))
      .transform((hints) => hints.filter((hint) => hint !== ""))
      .pipe(z.array(z.string()).max(PRACTICE_HINTS_MAX, PRACTICE_MESSAGES.hintsInvalid))
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.modelAnswer === "" && input.hints.length === 0) {
      ctx.addIssue({ code: "custom", message: PRACTICE_MESSAGES.answerOrHints, path: ["modelAnswer"] });
    }
  });
export type PracticeQuestionInput = z.output<typeof practiceQuestionInputSchema>;
export type PracticeQuestionForm = z.input<typeof practiceQuestionInputSchema>;

export const practiceQuestionSchema = z.object({
  id: z.string(),
  domain: domainSchema,
  companyType: z.enum(COMPANY_TYPES),
  topic: z.string(),
  difficulty: difficultySchema,
  prompt: z.string(),
  /** Null when the question has hints only. */
  modelAnswer: z.string().nullable(),
  hints: z.array(z.string()),
});
export type PracticeQuestionDto = z.infer<typeof practiceQuestionSchema>;

/** A student's view adds their own marks. */
export const studentPracticeQuestionSchema = practiceQuestionSchema.extend({
  done: z.boolean(),
  saved: z.boolean(),
});
export type StudentPracticeQuestionDto = z.infer<typeof studentPracticeQuestionSchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const practiceQuerySchema = z.object({
  domain: optionalFilter(domainSchema),
  topic: optionalFilter(z.string().trim().max(PRACTICE_TOPIC_MAX)),
  difficulty: optionalFilter(difficultySchema),
  /** Only the questions the student saved. */
  saved: optionalFilter(z.enum(["true", "false"])),
  cursor: optionalFilter(z.string().max(200)),
});
export type PracticeQuery = z.infer<typeof practiceQuerySchema>;

export const practicePageSchema = z.object({
  questions: z.array(studentPracticeQuestionSchema),
  /** Pass it back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** How many questions match the filters, on every page. */
  total: z.number().int().nonnegative(),
});
export type PracticePage = z.infer<typeof practicePageSchema>;

export const adminPracticePageSchema = z.object({
  questions: z.array(practiceQuestionSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
});
export type AdminPracticePage = z.infer<typeof adminPracticePageSchema>;

export const practiceTopicsSchema = z.object({
  topics: z.array(z.object({ domain: domainSchema, topic: z.string(), questions: z.number().int() })),
});
export type PracticeTopics = z.infer<typeof practiceTopicsSchema>;

export const practiceMarkInputSchema = z
  .object({ done: z.boolean().optional(), saved: z.boolean().optional() })
  .refine((input) => input.done !== undefined || input.saved !== undefined, { message: "Send done or saved." });

export const practiceMarkSchema = z.object({ questionId: z.string(), done: z.boolean(), saved: z.boolean() });

export const practiceImportQuerySchema = z.object({
  /** Import the valid rows even when some have errors. */
  partial: z.enum(["true", "false"]).optional(),
});

export const practiceImportResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  /** One per rejected row; `line` is the file's line number (the header is line 1). */
  errors: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
});
export type PracticeImportResult = z.infer<typeof practiceImportResultSchema>;

export const practiceRoundInputSchema = z.object({ domain: domainSchema });
export const practiceRoundSchema = z.object({
  id: z.string(),
  domain: domainSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Counted minutes once finished (at most one round's length). */
  minutes: z.number().int().nullable(),
});
export type PracticeRoundDto = z.infer<typeof practiceRoundSchema>;
