import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  adminPracticePageSchema,
  practiceImportQuerySchema,
  practiceImportResultSchema,
  practiceMarkInputSchema,
  practiceMarkSchema,
  practicePageSchema,
  practiceQuerySchema,
  practiceQuestionInputSchema,
  practiceQuestionSchema,
  practiceRoundInputSchema,
  practiceRoundSchema,
  practiceTopicsSchema,
} from "../../../shared/schemas/practice.js";
import { requireUser } from "../../plugins/auth.js";
import { adminOf } from "../admins/guard.js";
import { importQuestions } from "./import-service.js";
import { findTopicCounts } from "./repository.js";
import {
  addQuestion,
  editQuestion,
  endRound,
  listPracticeQuestions,
  listQuestionsForAdmin,
  markQuestion,
  startRound,
} from "./service.js";

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ["practice"];
const adminTags = ["admin", "practice"];

export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/practice/questions",
    {
      schema: {
        tags,
        summary: "A page of the practice bank by domain, topic and difficulty, with the student's done and saved marks",
        querystring: practiceQuerySchema,
        response: { 200: practicePageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return listPracticeQuestions(deps, user.id, request.query);
    },
  );

  app.get(
    "/api/practice/topics",
    {
      schema: {
        tags,
        summary: "Each domain's topics and how many questions they have",
        response: { 200: practiceTopicsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await requireUser(request);
      return practiceTopicsSchema.parse({ topics: await findTopicCounts(deps.db) });
    },
  );

  app.put(
    "/api/practice/questions/:id/mark",
    {
      schema: {
        tags,
        summary: "Mark a question done or saved (or neither) for the signed-in student",
        params: idParams,
        body: practiceMarkInputSchema,
        response: { 200: practiceMarkSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return markQuestion(deps, user.id, request.params.id, request.body);
    },
  );

  app.post(
    "/api/practice/rounds",
    {
      schema: {
        tags,
        summary: "Start a timed 15-minute practice round",
        body: practiceRoundInputSchema,
        response: { 201: practiceRoundSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await startRound(deps, user.id, request.body.domain));
    },
  );

  app.post(
    "/api/practice/rounds/:id/finish",
    {
      schema: {
        tags,
        summary: "Finish a practice round: its minutes (at most 15) count towards the dashboard's practice time",
        params: idParams,
        response: { 200: practiceRoundSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return endRound(deps, user.id, request.params.id);
    },
  );

  await app.register(adminPracticeRoutes);
};

const adminPracticeRoutes: FastifyPluginAsyncZod = async (scope) => {
  const { deps } = scope;
  // An import is a CSV file as the body, read as text (docs/admin.md, Practice questions).
  scope.addContentTypeParser("text/csv", { parseAs: "string", bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  scope.get(
    "/api/admin/practice/questions",
    {
      schema: {
        tags: adminTags,
        summary: "A page of the practice bank, by domain, topic and difficulty",
        querystring: practiceQuerySchema,
        response: { 200: adminPracticePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return listQuestionsForAdmin(deps, request.query);
    },
  );

  scope.post(
    "/api/admin/practice/questions",
    {
      schema: {
        tags: adminTags,
        summary: "Add a question to the practice bank",
        body: practiceQuestionInputSchema,
        response: { 201: practiceQuestionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await addQuestion(deps, admin.email, request.body));
    },
  );

  scope.put(
    "/api/admin/practice/questions/:id",
    {
      schema: {
        tags: adminTags,
        summary: "Edit a question of the practice bank",
        params: idParams,
        body: practiceQuestionInputSchema,
        response: { 200: practiceQuestionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return editQuestion(deps, admin.email, request.params.id, request.body);
    },
  );

  scope.post(
    "/api/admin/practice/questions/import",
    {
      schema: {
        tags: adminTags,
        summary:
          "Import questions from a CSV file (text/csv): every row is checked; a file with errors imports nothing unless partial=true",
        consumes: ["text/csv"],
        querystring: practiceImportQuerySchema,
        body: z.string(),
        response: { 200: practiceImportResultSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return importQuestions(deps, admin.email, request.body, request.query.partial === "true");
    },
  );
};
