import { z } from "zod";
import { BOOKING_KINDS, type CompanyType, PACKAGE_ROUNDS } from "../constants.js";
import { SCORECARD_MESSAGES, TEXT_MESSAGES } from "../messages.js";
import { isVisibleLine, isVisibleParagraph } from "../plain-text.js";

/**
 * The rounds a mock interview is scored on, one score per round the package's plan card names
 * (`PACKAGE_ROUNDS`, spec: "TR, HR, Resume", "Phone, TR, HR, Resume", "Phone, 2 TR, HR, Resume").
 */
export const SCORE_AREAS = ["phoneScreen", "technical", "technical2", "hr", "resume"] as const;
export type ScoreArea = (typeof SCORE_AREAS)[number];

export const SCORE_AREA_LABELS: Record<ScoreArea, string> = {
  phoneScreen: "Phone screen",
  technical: "Technical (TR)",
  technical2: "Technical 2 (TR)",
  hr: "HR",
  resume: "Resume",
};

/** A plan card's round, as written there, and the areas it is scored as. */
const ROUND_AREAS: Record<string, ScoreArea[]> = {
  Phone: ["phoneScreen"],
  TR: ["technical"],
  "2 TR": ["technical", "technical2"],
  HR: ["hr"],
  Resume: ["resume"],
};

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const SCORECARD_MAX_TAGS = 8;
export const SCORECARD_TAG_MAX_LENGTH = 30;
export const SCORECARD_NOTES_MAX_LENGTH = 4000;

/** Each plan's areas, worked out once: a dashboard names them for every scorecard it shows. */
const areasByPlan = new Map<string, readonly ScoreArea[]>();

export function scoreAreasFor(packageKey: string): ScoreArea[] {
  const plan = Object.hasOwn(PACKAGE_ROUNDS, packageKey) ? packageKey : "service";
  let known = areasByPlan.get(plan);
  if (!known) {
    const rounds = PACKAGE_ROUNDS[plan as CompanyType];
    const areas = new Set(rounds.split(",").flatMap((round) => ROUND_AREAS[round.trim()] ?? []));
    known = SCORE_AREAS.filter((area) => areas.has(area));
    areasByPlan.set(plan, known);
  }
  return [...known];
}

const score = z
  .number({ message: SCORECARD_MESSAGES.scoreRange })
  .int(SCORECARD_MESSAGES.scoreRange)
  .min(SCORE_MIN, SCORECARD_MESSAGES.scoreRange)
  .max(SCORE_MAX, SCORECARD_MESSAGES.scoreRange);

export const scoresSchema = z.object({
  phoneScreen: score.optional(),
  technical: score.optional(),
  technical2: score.optional(),
  hr: score.optional(),
  resume: score.optional(),
});
export type Scores = z.infer<typeof scoresSchema>;

export const scorecardInputSchema = z.object({
  scores: scoresSchema,
  overall: score,
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(SCORECARD_TAG_MAX_LENGTH, SCORECARD_MESSAGES.tagTooLong)
        .refine(isVisibleLine, { message: TEXT_MESSAGES.hiddenInLine }),
    )
    .max(SCORECARD_MAX_TAGS, SCORECARD_MESSAGES.tooManyTags),
  notes: z
    .string()
    .trim()
    .max(SCORECARD_NOTES_MAX_LENGTH, SCORECARD_MESSAGES.notesTooLong)
    .refine(isVisibleParagraph, { message: TEXT_MESSAGES.hiddenInParagraph }),
  recordingUrl: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (/^https?:\/\/[^\s]+$/.test(value) && isVisibleLine(value)),
      SCORECARD_MESSAGES.recordingUrlInvalid,
    ),
});
export type ScorecardInput = z.infer<typeof scorecardInputSchema>;

/** The areas a package needs, all scored and nothing else; the message names what is missing. */
export function missingScoreAreas(packageKey: string, scores: Scores): ScoreArea[] {
  return scoreAreasFor(packageKey).filter((area) => scores[area] === undefined);
}

export const scorecardSchema = z.object({
  bookingId: z.string(),
  packageKey: z.string(),
  areas: z.array(z.enum(SCORE_AREAS)),
  scores: scoresSchema,
  overall: z.number().int(),
  tags: z.array(z.string()),
  notes: z.string(),
  recordingUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const BOOKING_OUTCOMES = ["completed", "no_show"] as const;
export const outcomeInputSchema = z.object({ outcome: z.enum(BOOKING_OUTCOMES) });

export const adminScorecardViewSchema = z.object({
  booking: z.object({
    id: z.string(),
    kind: z.enum(BOOKING_KINDS),
    packageKey: z.string(),
    status: z.string(),
    title: z.string(),
    startAt: z.string(),
    studentName: z.string(),
    studentEmail: z.string(),
    /** The student's resume link, for the interviewer's resume round. */
    studentResumeUrl: z.string().nullable(),
  }),
  areas: z.array(z.enum(SCORE_AREAS)),
  scorecard: scorecardSchema.nullable(),
});
export type AdminScorecardView = z.infer<typeof adminScorecardViewSchema>;
