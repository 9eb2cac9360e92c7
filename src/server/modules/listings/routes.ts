import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COMPANY_TYPES } from "../../../shared/constants.js";
import { internshipListingSchema, slotListingSchema, workshopListingSchema } from "../../../shared/schemas/booking.js";
import { encode } from "../../plugins/pages.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import { createListingCache } from "./cache.js";
import { findUpcomingInternship, listSlotsJson, listUpcomingInternships, listWorkshops } from "./service.js";

/** The only events anyone may stream without signing in. */
const PUBLIC_TOPICS = new Set(["slots", "workshops", "internships"]);

/** What students can book: published, upcoming sessions with the seats left right now. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const cache = createListingCache(app.deps.bus);
  app.deps.stoppers.push(cache.close);

  app.get(
    "/api/slots",
    {
      schema: {
        tags: ["booking"],
        summary: "Upcoming published mock-interview slots for a plan, earliest first, with seats left",
        querystring: z.object({ package: z.enum(COMPANY_TYPES) }),
        response: { 200: z.object({ slots: z.array(slotListingSchema) }) },
      },
    },
    async (request, reply) => {
      const listing = await cache.get(`slots:${request.query.package}`, () => listSlotsJson(db, request.query.package));
      // Already JSON in the documented shape: sent as bytes, not serialized again, and compressed
      // when the browser accepts it (a phone on a slow network gets a tenth of the bytes).
      const { body, encoding } = encode(listing, request.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return (reply as FastifyReply)
        .header("cache-control", "no-store")
        .header("vary", "accept-encoding")
        .type("application/json; charset=utf-8")
        .send(body);
    },
  );

  app.get(
    "/api/workshops",
    {
      schema: {
        tags: ["booking"],
        summary: "Upcoming published workshop sessions with seats left and price",
        response: { 200: z.object({ workshops: z.array(workshopListingSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { workshops: await listWorkshops(db) };
    },
  );

  app.get(
    "/api/internships",
    {
      schema: {
        tags: ["booking"],
        summary: "Every internship batch that has not started, of every track, earliest first, with seats left",
        response: { 200: z.object({ internships: z.array(internshipListingSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { internships: await listUpcomingInternships(db, config.timeZone) };
    },
  );

  app.get(
    "/api/internships/upcoming",
    {
      schema: {
        tags: ["booking"],
        summary: "The earliest internship that has not started yet, or null",
        response: { 200: z.object({ internship: internshipListingSchema.nullable() }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { internship: await findUpcomingInternship(db, config.timeZone) };
    },
  );

  app.get(
    "/api/slots/stream",
    {
      schema: {
        tags: ["booking"],
        summary: "Server-sent events when slots, workshops or internships change (seats, edits)",
      },
    },
    async (request, reply) => {
      streamLiveEvents(request, reply, app.deps.bus, (event) => PUBLIC_TOPICS.has(event.topic));
    },
  );
};
