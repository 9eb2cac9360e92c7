import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { holdSchema } from "../../../shared/schemas/booking.js";
import { pageQuerySchema } from "../../../shared/schemas/pagination.js";
import {
  adminWaitlistsPageSchema,
  joinWaitlistSchema,
  waitlistEntrySchema,
  waitlistListSchema,
} from "../../../shared/schemas/waitlist.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { acceptOffer, joinWaitlist, leaveWaitlist, listMyWaitlist, listWaitlistsForAdmin } from "./service.js";

const idParams = z.object({ id: z.string().min(1) });
const tags = ["waitlist"];

/** The waitlist of full slots, workshop sessions and internships (docs/product.md, Waitlist). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    "/api/waitlist",
    {
      schema: {
        operationId: "joinWaitlist",
        security: signedIn,
        tags,
        summary: "Join the line of a full slot, workshop session or internship",
        body: joinWaitlistSchema,
        response: { 201: waitlistEntrySchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await joinWaitlist(deps, user.id, request.body));
    },
  );

  app.get(
    "/api/me/waitlist",
    {
      schema: {
        operationId: "listMyWaitlistEntries",
        security: signedIn,
        tags,
        summary: "Your places in line (1 = next to be offered) and seats held for you",
        response: { 200: waitlistListSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return { entries: await listMyWaitlist(deps, user.id) };
    },
  );

  app.delete(
    "/api/me/waitlist/:id",
    {
      schema: {
        operationId: "leaveWaitlist",
        security: signedIn,
        tags,
        summary: "Leave a line (a seat held for you goes to the next in line)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await leaveWaitlist(deps, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/me/waitlist/:id/accept",
    {
      schema: {
        operationId: "acceptWaitlistOffer",
        security: signedIn,
        tags,
        summary: "Take up a seat held for you: it becomes your hold, ready for checkout",
        params: idParams,
        response: { 200: holdSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return acceptOffer(deps, user.id, request.params.id);
    },
  );

  app.get(
    "/api/admin/waitlists",
    {
      schema: {
        operationId: "listWaitlistsForAdmin",
        tags: ["admin"],
        summary: "Lines with students in them, soonest session first, each in line order, a page at a time",
        querystring: pageQuerySchema,
        response: { 200: adminWaitlistsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      return listWaitlistsForAdmin(deps, request.query);
    },
  );
};
