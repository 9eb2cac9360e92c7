import type { Insertable, Selectable } from "kysely";
import { readCompiled } from "../../db/compiled-statements.js";
import type { Db, Executor } from "../../db/database.js";
import type { PracticeQuestionsTable, PracticeRoundsTable } from "../../db/schema.js";

export type PracticeQuestionRow = Selectable<PracticeQuestionsTable>;

export interface QuestionFilter {
  domain?: string | undefined;
  topic?: string | undefined;
  difficulty?: string | undefined;
  /** Only the questions this student saved. */
  savedBy?: string | undefined;
}

/** Where a page starts: after this topic and id (the list's order). */
export interface QuestionCursor {
  topic: string;
  id: string;
}

function filtered(db: Executor, filter: QuestionFilter) {
  let query = db.selectFrom("practice_questions");
  if (filter.domain) query = query.where("domain", "=", filter.domain);
  if (filter.topic) query = query.where("topic", "=", filter.topic);
  if (filter.difficulty) query = query.where("difficulty", "=", filter.difficulty);
  if (filter.savedBy) {
    const savedBy = filter.savedBy;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("practice_marks")
          .select("practice_marks.question_id")
          .whereRef("practice_marks.question_id", "=", "practice_questions.id")
          .where("practice_marks.user_id", "=", savedBy)
          .where("practice_marks.saved_at", "is not", null),
      ),
    );
  }
  return query;
}

/** One page in topic order, `limit` rows from after the cursor. */
export function findQuestionPage(db: Executor, filter: QuestionFilter, after: QuestionCursor | null, limit: number) {
  let query = filtered(db, filter).selectAll("practice_questions");
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("topic", ">", after.topic), eb.and([eb("topic", "=", after.topic), eb("id", ">", after.id)])]),
    );
  }
  return query.orderBy("topic").orderBy("id").limit(limit).execute();
}

export async function countQuestions(db: Executor, filter: QuestionFilter = {}): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each domain's topics with how many questions they have, for the practice filters. */
export async function findTopicCounts(db: Executor) {
  const rows = await db
    .selectFrom("practice_questions")
    .select(["domain", "topic", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy(["domain", "topic"])
    .orderBy("domain")
    .orderBy("topic")
    .execute();
  return rows.map((row) => ({ domain: row.domain, topic: row.topic, questions: Number(row.n) }));
}

export function findQuestionById(db: Executor, id: string) {
  return db.selectFrom("practice_questions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findQuestionIdByPrompt(db: Executor, domain: string, prompt: string) {
  const row = await db
    .selectFrom("practice_questions")
    .select("id")
    .where("domain", "=", domain)
    .where("prompt", "=", prompt)
    .executeTakeFirst();
  return row?.id;
}

/** The prompts of a domain already in the bank, among those given (to reject duplicates by name). */
export async function findExistingPrompts(db: Executor, domain: string, prompts: string[]): Promise<Set<string>> {
  if (prompts.length === 0) return new Set();
  const rows = await db
    .selectFrom("practice_questions")
    .select("prompt")
    .where("domain", "=", domain)
    .where("prompt", "in", prompts)
    .execute();
  return new Set(rows.map((row) => row.prompt));
}

export async function insertQuestions(db: Executor, rows: Insertable<PracticeQuestionsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("practice_questions").values(rows).execute();
}

/** Adds the rows whose id is not in the bank yet; an existing row (perhaps edited by an admin) is kept. */
export async function insertMissingQuestions(db: Executor, rows: Insertable<PracticeQuestionsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("practice_questions")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateQuestion(
  db: Executor,
  id: string,
  changes: Omit<Insertable<PracticeQuestionsTable>, "id" | "created_at">,
): Promise<boolean> {
  const result = await db.updateTable("practice_questions").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findMarks(db: Executor, userId: string, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("practice_marks")
    .select(["question_id", "done_at", "saved_at"])
    .where("user_id", "=", userId)
    .where("question_id", "in", questionIds)
    .execute();
}

export async function upsertMark(
  db: Executor,
  mark: { userId: string; questionId: string; doneAt?: string | null; savedAt?: string | null; now: string },
): Promise<void> {
  const changes = {
    ...(mark.doneAt !== undefined ? { done_at: mark.doneAt } : {}),
    ...(mark.savedAt !== undefined ? { saved_at: mark.savedAt } : {}),
    updated_at: mark.now,
  };
  await db
    .insertInto("practice_marks")
    .values({ user_id: mark.userId, question_id: mark.questionId, done_at: null, saved_at: null, ...changes })
    .onConflict((oc) => oc.columns(["user_id", "question_id"]).doUpdateSet(changes))
    .execute();
}

export async function insertRound(db: Executor, round: Insertable<PracticeRoundsTable>): Promise<void> {
  await db.insertInto("practice_rounds").values(round).execute();
}

export function findRoundOfUser(db: Executor, userId: string, id: string) {
  return db
    .selectFrom("practice_rounds")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Finishes a round once: a second finish changes nothing. */
export async function finishRound(db: Executor, id: string, finishedAt: string, minutes: number): Promise<void> {
  await db
    .updateTable("practice_rounds")
    .set({ finished_at: finishedAt, minutes })
    .where("id", "=", id)
    .where("finished_at", "is", null)
    .execute();
}

export async function sumPracticeMinutes(db: Db, userId: string): Promise<number> {
  const [row] = await readCompiled(db, "practice minutes of a user", { userId }, (v) =>
    db
      .selectFrom("practice_rounds")
      .select((eb) => eb.fn.sum<number | string | null>("minutes").as("total"))
      .where("user_id", "=", v.userId),
  );
  return Number(row?.total ?? 0);
}
