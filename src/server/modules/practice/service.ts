import { randomUUID } from "node:crypto";
import { PRACTICE_MINUTES, PRACTICE_PAGE_SIZE } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { PRACTICE_MESSAGES } from "../../../shared/messages.js";
import type {
  AdminPracticePage,
  PracticePage,
  PracticeQuery,
  PracticeQuestionDto,
  PracticeQuestionInput,
  PracticeRoundDto,
} from "../../../shared/schemas/practice.js";
import { practiceQuestionInputSchema } from "../../../shared/schemas/practice.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import { recordAudit } from "../audit/index.js";
import { questionColumns, toQuestionDto } from "./mapping.js";
import {
  countQuestions,
  findMarks,
  findQuestionById,
  findQuestionIdByPrompt,
  findQuestionPage,
  findRoundOfUser,
  finishRound,
  insertMissingQuestions,
  insertQuestions,
  insertRound,
  type QuestionCursor,
  type QuestionFilter,
  sumPracticeMinutes,
  updateQuestion,
  upsertMark,
} from "./repository.js";
import { STARTER_QUESTIONS } from "./starter-bank.js";

function encodeCursor(cursor: QuestionCursor): string {
  return Buffer.from(JSON.stringify([cursor.topic, cursor.id])).toString("base64url");
}

function decodeCursor(text: string | undefined): QuestionCursor | null {
  if (!text) return null;
  try {
    const [topic, id]: unknown[] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (typeof topic === "string" && typeof id === "string") return { topic, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError("VALIDATION", "This page link is no longer valid; start from the first page.", {
    field: "cursor",
  });
}

async function readPage(db: Db, filter: QuestionFilter, cursor: string | undefined) {
  const rows = await findQuestionPage(db, filter, decodeCursor(cursor), PRACTICE_PAGE_SIZE + 1);
  const page = rows.slice(0, PRACTICE_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > PRACTICE_PAGE_SIZE && last ? encodeCursor(last) : null;
  return { page, nextCursor, total: await countQuestions(db, filter) };
}

const filterOf = (query: PracticeQuery): QuestionFilter => ({
  domain: query.domain,
  topic: query.topic,
  difficulty: query.difficulty,
});

/** A page of the bank for a student, with their own done and saved marks. */
export async function listPracticeQuestions(
  deps: AppDeps,
  userId: string,
  query: PracticeQuery,
): Promise<PracticePage> {
  const filter = { ...filterOf(query), savedBy: query.saved === "true" ? userId : undefined };
  const { page, nextCursor, total } = await readPage(deps.db, filter, query.cursor);
  const marks = new Map(
    (
      await findMarks(
        deps.db,
        userId,
        page.map((row) => row.id),
      )
    ).map((mark) => [mark.question_id, mark]),
  );
  const questions = page.map((row) => {
    const mark = marks.get(row.id);
    return { ...toQuestionDto(row), done: Boolean(mark?.done_at), saved: Boolean(mark?.saved_at) };
  });
  return { questions, nextCursor, total };
}

export async function listQuestionsForAdmin(deps: AppDeps, query: PracticeQuery): Promise<AdminPracticePage> {
  const { page, nextCursor, total } = await readPage(deps.db, filterOf(query), query.cursor);
  return { questions: page.map(toQuestionDto), nextCursor, total };
}

export async function markQuestion(
  deps: AppDeps,
  userId: string,
  questionId: string,
  mark: { done?: boolean | undefined; saved?: boolean | undefined },
) {
  if (!(await findQuestionById(deps.db, questionId))) throw new AppError("NOT_FOUND", PRACTICE_MESSAGES.notFound);
  const now = new Date().toISOString();
  const stamp = (value: boolean | undefined) => (value === undefined ? undefined : value ? now : null);
  await upsertMark(deps.db, { userId, questionId, doneAt: stamp(mark.done), savedAt: stamp(mark.saved), now });
  const [saved] = await findMarks(deps.db, userId, [questionId]);
  return { questionId, done: Boolean(saved?.done_at), saved: Boolean(saved?.saved_at) };
}

async function refuseDuplicate(db: Db, input: PracticeQuestionInput, exceptId?: string): Promise<void> {
  const existingId = await findQuestionIdByPrompt(db, input.domain, input.prompt);
  if (existingId !== undefined && existingId !== exceptId) {
    throw new AppError("CONFLICT", PRACTICE_MESSAGES.duplicate, { field: "prompt" });
  }
}

export async function addQuestion(
  deps: AppDeps,
  adminEmail: string,
  input: PracticeQuestionInput,
): Promise<PracticeQuestionDto> {
  await refuseDuplicate(deps.db, input);
  const now = new Date().toISOString();
  const row = { id: randomUUID(), ...questionColumns(input, now), created_at: now };
  await deps.db.transaction().execute(async (trx) => {
    await insertQuestions(trx, [row]);
    await recordAudit(trx, {
      actorEmail: adminEmail,
      action: "create",
      entity: "practice_question",
      entityId: row.id,
      before: null,
      after: input,
    });
  });
  return toQuestionDto(row);
}

export async function editQuestion(
  deps: AppDeps,
  adminEmail: string,
  id: string,
  input: PracticeQuestionInput,
): Promise<PracticeQuestionDto> {
  const before = await findQuestionById(deps.db, id);
  if (!before) throw new AppError("NOT_FOUND", PRACTICE_MESSAGES.notFound);
  await refuseDuplicate(deps.db, input, id);
  const columns = questionColumns(input, new Date().toISOString());
  await deps.db.transaction().execute(async (trx) => {
    await updateQuestion(trx, id, columns);
    await recordAudit(trx, {
      actorEmail: adminEmail,
      action: "update",
      entity: "practice_question",
      entityId: id,
      before: toQuestionDto(before),
      after: input,
    });
  });
  return toQuestionDto({ ...before, ...columns });
}

/** Starts a timed round; the server stamps the start, so only time really spent counts. */
export async function startRound(deps: AppDeps, userId: string, domain: string): Promise<PracticeRoundDto> {
  const round = { id: randomUUID(), user_id: userId, domain, started_at: new Date().toISOString() };
  await insertRound(deps.db, round);
  return {
    id: round.id,
    domain: round.domain as PracticeRoundDto["domain"],
    startedAt: round.started_at,
    finishedAt: null,
    minutes: null,
  };
}

/** Ends a round: its minutes are the time since its start in whole minutes, at most one round's length. */
export async function endRound(deps: AppDeps, userId: string, id: string, now = new Date()): Promise<PracticeRoundDto> {
  const round = await findRoundOfUser(deps.db, userId, id);
  if (!round) throw new AppError("NOT_FOUND", PRACTICE_MESSAGES.roundNotFound);
  const elapsed = Math.floor((now.getTime() - Date.parse(round.started_at)) / 60_000);
  await finishRound(deps.db, id, now.toISOString(), Math.max(0, Math.min(PRACTICE_MINUTES, elapsed)));
  const finished = await findRoundOfUser(deps.db, userId, id);
  return {
    id,
    domain: round.domain as PracticeRoundDto["domain"],
    startedAt: round.started_at,
    finishedAt: finished?.finished_at ?? null,
    minutes: finished?.minutes ?? null,
  };
}

/** The starter bank (starter-bank.ts), added at start where missing; a question an admin edited keeps the edit. */
export async function insertStarterBank(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const rows = STARTER_QUESTIONS.map(({ id, ...question }) => ({
    id,
    ...questionColumns(practiceQuestionInputSchema.parse(question), now),
    created_at: now,
  }));
  await insertMissingQuestions(db, rows);
}

/** Minutes of the student's finished practice rounds (the dashboard's practice time adds them). */
export function practiceMinutesOf(db: Db, userId: string): Promise<number> {
  return sumPracticeMinutes(db, userId);
}

/** The bank's size, for the landing's claim. */
export function countPracticeQuestions(db: Db): Promise<number> {
  return countQuestions(db);
}
