import { expect, it } from "vitest";
import { PRACTICE_PAGE_SIZE } from "../../../shared/constants.js";
import { PRACTICE_MESSAGES } from "../../../shared/messages.js";
import type {
  AdminPracticePage,
  PracticeImportResult,
  PracticePage,
  PracticeQuestionDto,
  PracticeRoundDto,
} from "../../../shared/schemas/practice.js";
import type { ApiError } from "../../test/api-error.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { STARTER_QUESTIONS } from "./starter-bank.js";

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}-${Date.now()}`;

const HEADER = "domain,company_type,topic,difficulty,question,model_answer,hints";
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A CSV row with overrides; the defaults make a valid SDE question. */
function csvRow(
  overrides: Partial<Record<"domain" | "company" | "topic" | "difficulty" | "question" | "answer" | "hints", string>>,
) {
  const row = {
    domain: "sde",
    company: "product",
    topic: "Hashing",
    difficulty: "medium",
    question: unique("Explain consistent hashing"),
    answer: "A ring of hash values; each key goes to the next node clockwise.",
    hints: "Think of a ring|What moves when a node leaves?",
    ...overrides,
  };
  return [row.domain, row.company, row.topic, row.difficulty, row.question, row.answer, row.hints]
    .map(csvCell)
    .join(",");
}

function importCsv(t: TestApp, cookie: string, text: string, partial = false) {
  return t.request({
    method: "POST",
    url: `/api/admin/practice/questions/import${partial ? "?partial=true" : ""}`,
    cookie,
    headers: { "content-type": "text/csv" },
    payload: text,
  });
}

async function studentPage(t: TestApp, cookie: string, query: string): Promise<PracticePage> {
  const res = await t.request({ url: `/api/practice/questions?${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return json<PracticePage>(res);
}

describeEachDialect("practice question bank", (t) => {
  it("students read the starter bank by domain; signed-out visitors are refused", async () => {
    expect((await t().request({ url: "/api/practice/questions" })).statusCode).toBe(401);
    const student = await t().signIn(email("reader"));
    const pm = await studentPage(t(), student, "domain=pm");
    expect(pm.total).toBe(STARTER_QUESTIONS.filter((q) => q.domain === "pm").length);
    expect(pm.questions.every((q) => q.domain === "pm" && (q.modelAnswer !== null || q.hints.length > 0))).toBe(true);
    const bad = await t().request({ url: "/api/practice/questions?domain=law", cookie: student });
    expect(bad.statusCode).toBe(400);
    expect(json<ApiError>(bad).error.code).toBe("VALIDATION");
  });

  it("pages through a topic with a cursor: every question once, the total on every page", async () => {
    const admin = await t().signInAdmin();
    const topic = unique("Paging");
    const rows = Array.from({ length: PRACTICE_PAGE_SIZE * 2 + 5 }, () => csvRow({ topic }));
    const imported = await importCsv(t(), admin, [HEADER, ...rows].join("\n"));
    expect(json<PracticeImportResult>(imported)).toEqual({ imported: rows.length, errors: [] });

    const student = await t().signIn(email("pager"));
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const page: PracticePage = await studentPage(
        t(),
        student,
        `domain=sde&topic=${encodeURIComponent(topic)}&cursor=${cursor}`,
      );
      expect(page.total).toBe(rows.length);
      seen.push(...page.questions.map((q) => q.id));
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(rows.length);
    const broken = await t().request({ url: "/api/practice/questions?cursor=not-a-cursor", cookie: student });
    expect(json<ApiError>(broken).error).toMatchObject({ code: "VALIDATION", field: "cursor" });
  });

  it("a student marks questions done and saved, sees only their own marks, and lists what they saved", async () => {
    const student = await t().signIn(email("marker"));
    const other = await t().signIn(email("other"));
    const [first, second] = (await studentPage(t(), student, "domain=analytics")).questions;
    if (!first || !second) throw new Error("the starter bank has analytics questions");
    const mark = (cookie: string, id: string, body: object) =>
      t().request({ method: "PUT", url: `/api/practice/questions/${id}/mark`, cookie, payload: body });
    expect(json(await mark(student, first.id, { done: true }))).toEqual({
      questionId: first.id,
      done: true,
      saved: false,
    });
    expect(json(await mark(student, second.id, { saved: true }))).toEqual({
      questionId: second.id,
      done: false,
      saved: true,
    });
    expect((await mark(student, "missing", { done: true })).statusCode).toBe(404);

    const mine = await studentPage(t(), student, "domain=analytics");
    expect(mine.questions.find((q) => q.id === first.id)).toMatchObject({ done: true, saved: false });
    const saved = await studentPage(t(), student, "saved=true");
    expect(saved.questions.map((q) => q.id)).toEqual([second.id]);
    const theirs = await studentPage(t(), other, "domain=analytics");
    expect(theirs.questions.some((q) => q.done || q.saved)).toBe(false);

    await mark(student, second.id, { saved: false });
    expect((await studentPage(t(), student, "saved=true")).total).toBe(0);
  });

  it("admins add and edit questions; a duplicate, a question without answer or hints, and students are refused", async () => {
    const admin = await t().signInAdmin();
    const topic = unique("Edits");
    const body = {
      domain: "uiux",
      companyType: "service",
      topic,
      difficulty: "easy",
      prompt: unique("What is a persona?"),
      hints: ["A made-up user"],
    };
    const created = await t().request({
      method: "POST",
      url: "/api/admin/practice/questions",
      cookie: admin,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const question = json<PracticeQuestionDto>(created);
    expect(question).toMatchObject({ topic, modelAnswer: null, hints: ["A made-up user"] });

    const again = await t().request({
      method: "POST",
      url: "/api/admin/practice/questions",
      cookie: admin,
      payload: body,
    });
    expect(json<ApiError>(again).error).toMatchObject({ code: "CONFLICT", message: PRACTICE_MESSAGES.duplicate });
    const bare = await t().request({
      method: "POST",
      url: "/api/admin/practice/questions",
      cookie: admin,
      payload: { ...body, prompt: unique("No help"), hints: [] },
    });
    expect(json<ApiError>(bare).error).toMatchObject({ code: "VALIDATION", message: PRACTICE_MESSAGES.answerOrHints });

    const edited = await t().request({
      method: "PUT",
      url: `/api/admin/practice/questions/${question.id}`,
      cookie: admin,
      payload: { ...body, difficulty: "medium", modelAnswer: "A research-based portrait of a target user." },
    });
    expect(json<PracticeQuestionDto>(edited)).toMatchObject({
      difficulty: "medium",
      modelAnswer: "A research-based portrait of a target user.",
    });
    const listed = json<AdminPracticePage>(
      await t().request({ url: `/api/admin/practice/questions?topic=${encodeURIComponent(topic)}`, cookie: admin }),
    );
    expect(listed.questions).toEqual([json<PracticeQuestionDto>(edited)]);
    const missing = await t().request({
      method: "PUT",
      url: "/api/admin/practice/questions/nope",
      cookie: admin,
      payload: body,
    });
    expect(missing.statusCode).toBe(404);

    const student = await t().signIn(email("not-admin"));
    const refused = await t().request({
      method: "POST",
      url: "/api/admin/practice/questions",
      cookie: student,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("an import with bad rows names each by its line and imports nothing, unless partial import is asked for", async () => {
    const admin = await t().signInAdmin();
    const topic = unique("Import");
    const duplicate = unique("Asked twice");
    const lines = [
      HEADER,
      csvRow({ topic }),
      csvRow({ topic, domain: "law" }),
      csvRow({ topic, question: "A question\nover two lines" }),
      csvRow({ topic, difficulty: "brutal" }),
      csvRow({ topic, question: duplicate }),
      csvRow({ topic, question: duplicate }),
    ];
    const refused = json<PracticeImportResult>(await importCsv(t(), admin, lines.join("\n")));
    expect(refused.imported).toBe(0);
    expect(refused.errors).toEqual([
      { line: 3, message: PRACTICE_MESSAGES.domainInvalid },
      { line: 6, message: PRACTICE_MESSAGES.difficultyInvalid },
      { line: 8, message: PRACTICE_MESSAGES.duplicateInFile },
    ]);
    const student = await t().signIn(email("importer"));
    expect((await studentPage(t(), student, `topic=${encodeURIComponent(topic)}`)).total).toBe(0);

    const partial = json<PracticeImportResult>(await importCsv(t(), admin, lines.join("\n"), true));
    expect(partial).toEqual({ imported: 3, errors: refused.errors });
    expect((await studentPage(t(), student, `topic=${encodeURIComponent(topic)}`)).total).toBe(3);

    const bare = csvRow({ topic, answer: "", hints: "" });
    const rerun = json<PracticeImportResult>(await importCsv(t(), admin, [HEADER, lines[5], bare].join("\n")));
    expect(rerun).toEqual({
      imported: 0,
      errors: [
        { line: 2, message: PRACTICE_MESSAGES.duplicate },
        { line: 3, message: PRACTICE_MESSAGES.answerOrHints },
      ],
    });
  });

  it("a file that is not a question CSV is refused whole, and only admins may import", async () => {
    const admin = await t().signInAdmin();
    const noHeader = await importCsv(t(), admin, csvRow({}));
    expect(json<ApiError>(noHeader).error).toMatchObject({ code: "VALIDATION", message: PRACTICE_MESSAGES.csvHeader });
    expect(json<ApiError>(await importCsv(t(), admin, HEADER)).error.message).toBe(PRACTICE_MESSAGES.csvEmpty);
    const unclosed = await importCsv(t(), admin, `${HEADER}\n"sde,product`);
    expect(json<ApiError>(unclosed).error.message).toContain(PRACTICE_MESSAGES.csvUnreadable);
    const asJson = await t().request({
      method: "POST",
      url: "/api/admin/practice/questions/import",
      cookie: admin,
      payload: { rows: [] },
    });
    expect(asJson.statusCode).toBe(400);
    const student = await t().signIn(email("sneaky"));
    expect((await importCsv(t(), student, `${HEADER}\n${csvRow({})}`)).statusCode).toBe(403);
  });

  it("timed rounds count at most 15 minutes each towards the dashboard's practice time, once", async () => {
    const student = await t().signIn(email("timer"));
    const start = async (minutesAgo: number) => {
      const round = json<PracticeRoundDto>(
        await t().request({ method: "POST", url: "/api/practice/rounds", cookie: student, payload: { domain: "sde" } }),
      );
      const startedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await t()
        .app.deps.db.updateTable("practice_rounds")
        .set({ started_at: startedAt })
        .where("id", "=", round.id)
        .execute();
      return round.id;
    };
    const finish = async (id: string, cookie = student) =>
      t().request({ method: "POST", url: `/api/practice/rounds/${id}/finish`, cookie });

    const long = await start(40);
    expect(json<PracticeRoundDto>(await finish(long)).minutes).toBe(15);
    const short = await start(7.5);
    expect(json<PracticeRoundDto>(await finish(short)).minutes).toBe(7);
    expect(json<PracticeRoundDto>(await finish(short)).minutes).toBe(7);
    const other = await t().signIn(email("stranger"));
    expect((await finish(short, other)).statusCode).toBe(404);

    const dashboard = json<{ stats: { practiceMinutes: number } }>(
      await t().request({ url: "/api/dashboard", cookie: student }),
    );
    expect(dashboard.stats.practiceMinutes).toBe(22);
  });
});
