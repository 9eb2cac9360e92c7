import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { DASHBOARD_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  adminScorecardViewSchema,
  outcomeInputSchema,
  scorecardInputSchema,
  scorecardSchema,
} from "../../../shared/schemas/scorecards.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser, type SessionUser } from "../../plugins/auth.js";
import { adminOf } from "../admins/guard.js";
import { toScorecard } from "./mapping.js";
import { findScorecardOfUserBooking } from "./repository.js";
import { getAdminScorecardView, markOutcome, saveScorecard } from "./service.js";

const bookingParams = z.object({ id: z.string() });

/** Who may work on a booking's scorecard and outcome; answers the acting user or throws the audience's refusal. */
export type ScorecardActor = (request: FastifyRequest, bookingId: string) => Promise<SessionUser>;

interface ScorecardAudience {
  /** `/api/admin` or `/api/interviewer`: the routes are `${prefix}/bookings/:id/scorecard` and `/outcome`. */
  prefix: string;
  /** Names the audience in the operations' ids (`getAdminScorecard`, `markInterviewerOutcome`). */
  operationAudience: "Admin" | "Interviewer";
  tag: string;
  actor: ScorecardActor;
  summaries: { view: string; save: string; outcome: string };
}

/**
 * The scorecard and outcome routes of one audience: the same rules, bodies and answers for an admin on
 * any booking and an interviewer on their own sessions; only who may act differs.
 */
export function scorecardWorkRoutes(audience: ScorecardAudience): FastifyPluginAsyncZod {
  const { prefix, actor, summaries, operationAudience: who } = audience;
  // An interviewer on someone else's session is refused (403); admins pass the admin guard's 403.
  const security = signedIn;
  const tags = [audience.tag, "scorecards"];
  return async (app) => {
    const { deps } = app;

    app.get(
      `${prefix}/bookings/:id/scorecard`,
      {
        schema: {
          operationId: `get${who}Scorecard`,
          security,
          tags,
          summary: summaries.view,
          params: bookingParams,
          response: { 200: adminScorecardViewSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        await actor(request, request.params.id);
        return getAdminScorecardView(deps, request.params.id);
      },
    );

    app.put(
      `${prefix}/bookings/:id/scorecard`,
      {
        schema: {
          operationId: `save${who}Scorecard`,
          security,
          tags,
          summary: summaries.save,
          params: bookingParams,
          body: scorecardInputSchema,
          response: { 200: scorecardSchema, ...errorResponses(403, 404, 409) },
        },
      },
      async (request) => saveScorecard(deps, await actor(request, request.params.id), request.params.id, request.body),
    );

    app.post(
      `${prefix}/bookings/:id/outcome`,
      {
        schema: {
          operationId: `mark${who}Outcome`,
          security,
          tags,
          summary: summaries.outcome,
          params: bookingParams,
          body: outcomeInputSchema,
          response: { 200: z.object({ status: z.string() }), ...errorResponses(403, 404, 409) },
        },
      },
      async (request) => {
        const user = await actor(request, request.params.id);
        return { status: await markOutcome(deps, user, request.params.id, request.body.outcome) };
      },
    );
  };
}

export const scorecardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  await app.register(
    scorecardWorkRoutes({
      prefix: "/api/admin",
      operationAudience: "Admin",
      tag: "admin",
      actor: async (request) => adminOf(request),
      summaries: {
        view: "A booking's scorecard (or null) with the areas its package is scored on",
        save: "Enters or updates the scorecard of a mock interview; marks it completed and tells the student",
        outcome: "Marks a past session completed or no-show",
      },
    }),
  );

  app.get(
    "/api/me/bookings/:id/scorecard",
    {
      schema: {
        operationId: "getMyScorecard",
        security: signedIn,
        tags: ["dashboard", "scorecards"],
        summary: "The scorecard of one of the signed-in student's own bookings",
        params: bookingParams,
        response: { 200: scorecardSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await findScorecardOfUserBooking(deps.db, user.id, request.params.id);
      // Someone else's booking answers exactly like a missing one.
      if (!row) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
      return toScorecard(row, row.package_key);
    },
  );
};
