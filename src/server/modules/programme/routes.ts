import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  applicationInputSchema,
  applicationSchema,
  bookCallInputSchema,
  callTimesSchema,
  capstoneSchema,
  commentInputSchema,
  onboardingCallSchema,
  programmeSchema,
  standupInputSchema,
  standupSchema,
  submissionInputSchema,
  submissionSchema,
} from "../../../shared/schemas/programme.js";
import { requireUser } from "../../plugins/auth.js";
import { stillAdmin } from "../admins/guard.js";
import { getCapstone, submitCapstone } from "./capstone.js";
import { commentOnSubmission } from "./reviews.js";
import {
  applyToBatch,
  bookOnboardingCall,
  getApplication,
  getProgramme,
  onboardingCallTimes,
  postStandup,
  submitMilestone,
} from "./service.js";

const tags = ["programme"];
const bookingParams = z.object({ bookingId: z.string().min(1).max(64) });
const batchParams = z.object({ internshipId: z.string().min(1).max(64) });

/** The student's side of the internship programme and workshop capstones (docs/product.md, Internship programme). */
export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  await app.register(applicationRoutes);

  app.get(
    "/api/me/internships/:bookingId/programme",
    {
      schema: {
        tags,
        summary: "The student's programme: mentor, onboarding call, milestones, standups, progress",
        params: bookingParams,
        response: { 200: programmeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getProgramme(deps, await requireUser(request), request.params.bookingId);
    },
  );

  app.post(
    "/api/me/internships/:bookingId/milestones/:week/submissions",
    {
      schema: {
        tags,
        summary: "Hands in a link for a week's milestone (again after changes are requested)",
        params: bookingParams.extend({ week: z.coerce.number().int() }),
        body: submissionInputSchema,
        response: { 201: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { bookingId, week } = request.params;
      return reply.status(201).send(await submitMilestone(deps, user, bookingId, week, request.body));
    },
  );

  app.post(
    "/api/me/internships/:bookingId/standups",
    {
      schema: {
        tags,
        summary: "Posts the weekly standup: done, next, blockers",
        params: bookingParams,
        body: standupInputSchema,
        response: { 201: standupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await postStandup(deps, user, request.params.bookingId, request.body));
    },
  );

  app.get(
    "/api/me/internships/:bookingId/onboarding-call/times",
    {
      schema: {
        tags,
        summary: "The mentor's free half hours for the onboarding call",
        params: bookingParams,
        response: { 200: callTimesSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => onboardingCallTimes(deps, await requireUser(request), request.params.bookingId),
  );

  app.post(
    "/api/me/internships/:bookingId/onboarding-call",
    {
      schema: {
        tags,
        summary: "Books the 30-minute onboarding call at one of the offered times",
        params: bookingParams,
        body: bookCallInputSchema,
        response: { 201: onboardingCallSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply
        .status(201)
        .send(await bookOnboardingCall(deps, user, request.params.bookingId, request.body.startAt));
    },
  );

  await app.register(capstoneRoutes);
};

/** A workshop capstone and the comment thread of any submission. */
const capstoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/me/workshops/:bookingId/capstone",
    {
      schema: {
        tags,
        summary: "A workshop's capstone brief, deadline and the student's submissions",
        params: bookingParams,
        response: { 200: capstoneSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getCapstone(deps, await requireUser(request), request.params.bookingId),
  );

  app.post(
    "/api/me/workshops/:bookingId/capstone",
    {
      schema: {
        tags,
        summary: "Hands in the capstone link, from the session's start until its deadline",
        params: bookingParams,
        body: submissionInputSchema,
        response: { 201: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await submitCapstone(deps, user, request.params.bookingId, request.body));
    },
  );

  app.post(
    "/api/submissions/:id/comments",
    {
      schema: {
        tags,
        summary: "Adds a comment to a submission's thread (its student, its reviewer or an admin)",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: commentInputSchema,
        response: { 201: submissionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const reviewer = { ...user, admin: await stillAdmin(request, user) };
      return reply.status(201).send(await commentOnSubmission(deps, reviewer, request.params.id, request.body.body));
    },
  );
};

/** The application form a student fills before booking a batch. */
const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.put(
    "/api/me/internship-applications/:internshipId",
    {
      schema: {
        tags,
        summary: "Saves the application to an internship batch (needed before its seat is held)",
        params: batchParams,
        body: applicationInputSchema,
        response: { 200: applicationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => applyToBatch(deps, await requireUser(request), request.params.internshipId, request.body),
  );

  app.get(
    "/api/me/internship-applications/:internshipId",
    {
      schema: {
        tags,
        summary: "The student's application to an internship batch",
        params: batchParams,
        response: { 200: applicationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getApplication(deps, await requireUser(request), request.params.internshipId),
  );
};
