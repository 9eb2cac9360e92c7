import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { INTERVIEWER_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  cursorQuerySchema,
  mentorOverviewSchema,
  reviewInputSchema,
  reviewQueueSchema,
  standupFeedSchema,
  submissionSchema,
} from "../../../shared/schemas/programme.js";
import { requireUser } from "../../plugins/auth.js";
import { stillAdmin } from "../admins/guard.js";
import { findInterviewerByEmail } from "../interviewer-workspace/index.js";
import { requireInterviewer } from "../interviewer-workspace/service.js";
import { mentorOverview, reviewQueue, standupFeed } from "./mentoring.js";
import { reviewSubmission } from "./reviews.js";

const tags = ["mentor"];

/** `/api/mentor/*`: the interviewer workspace's Mentoring section, and the one review route for mentors, hosts and admins. */
export const mentoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.put(
    "/api/mentor/submissions/:id/review",
    {
      schema: {
        tags,
        summary: "Reviews a milestone or capstone submission: approved or changes requested, with a comment",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: reviewInputSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const reviewer = { ...user, admin: await stillAdmin(request, user) };
      return reviewSubmission(deps, reviewer, request.params.id, request.body);
    },
  );

  app.get(
    "/api/mentor/overview",
    {
      schema: {
        tags,
        summary: "The mentor's students with progress, their batches and onboarding calls",
        response: { 200: mentorOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { interviewer } = await requireInterviewer(deps, request);
      reply.header("cache-control", "no-store");
      return mentorOverview(deps, interviewer);
    },
  );

  app.get(
    "/api/mentor/submissions",
    {
      schema: {
        tags,
        summary: "Submissions waiting for review, oldest first (an admin sees every one), paginated",
        querystring: cursorQuerySchema,
        response: { 200: reviewQueueSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const admin = await stillAdmin(request, user);
      const interviewer = await findInterviewerByEmail(deps.db, user.email);
      if (!admin && !interviewer) throw new AppError("FORBIDDEN", INTERVIEWER_MESSAGES.notInterviewer);
      reply.header("cache-control", "no-store");
      return reviewQueue(deps, { interviewer, admin }, request.query);
    },
  );

  app.get(
    "/api/mentor/standups",
    {
      schema: {
        tags,
        summary: "The mentor's students' standups, newest first, paginated",
        querystring: cursorQuerySchema,
        response: { 200: standupFeedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { interviewer } = await requireInterviewer(deps, request);
      reply.header("cache-control", "no-store");
      return standupFeed(deps, interviewer, request.query);
    },
  );
};
