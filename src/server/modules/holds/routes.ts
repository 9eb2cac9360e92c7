import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HOLD_MINUTES } from "../../../shared/constants.js";
import { MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { holdSchema, takeHoldSchema } from "../../../shared/schemas/booking.js";
import { myHoldsSchema } from "../../../shared/schemas/confirmation.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { findMyHolds, releaseHold, takeHold } from "./service.js";

const idParams = z.object({ id: z.string().min(1) });

export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    "/api/holds",
    {
      schema: {
        operationId: "takeHold",
        security: signedIn,
        tags: ["booking"],
        summary: `Hold one seat for ${HOLD_MINUTES} minutes (releases your previous hold of the same kind)`,
        body: takeHoldSchema,
        response: { 201: holdSchema, ...errorResponses(404, 409, 429) },
      },
    },
    // The student's hold budget (HOLD_RATE_LIMIT a minute) is spent by the hold's own statement, not
    // by @fastify/rate-limit (docs/decisions/0230-hold-spends-its-budget-in-its-statement.md); the
    // answer carries the same headers as every other limited route.
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      const hold = await takeHold(deps, user.id, request.body, (budget) => {
        reply.header("x-ratelimit-limit", budget.limit);
        reply.header("x-ratelimit-remaining", budget.remaining);
        reply.header("x-ratelimit-reset", budget.resetsIn);
      });
      return reply.status(201).send(hold);
    },
  );

  app.get(
    "/api/holds/mine",
    {
      schema: {
        operationId: "listMyHolds",
        security: signedIn,
        tags: ["booking"],
        summary: "Your live holds, with the time left (the booking page comes back to them)",
        response: { 200: myHoldsSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      reply.header("cache-control", "no-store");
      return findMyHolds(deps, user.id);
    },
  );

  const release = async (userId: string, id: string) => releaseHold(deps, userId, id);
  app.delete(
    "/api/holds/:id",
    {
      schema: {
        operationId: "releaseHold",
        security: signedIn,
        response: { 204: z.null() },
        tags: ["booking"],
        summary: "Release your hold",
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      await release(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  // navigator.sendBeacon can only POST: the same release, for a page being left.
  app.post(
    "/api/holds/:id/release",
    {
      schema: {
        operationId: "releaseHoldOnLeave",
        security: signedIn,
        response: { 204: z.null() },
        tags: ["booking"],
        summary: "Release your hold (for sendBeacon on page leave)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      await release(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
