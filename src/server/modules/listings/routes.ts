import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { internshipListingSchema, workshopListingSchema } from "../../../shared/schemas/booking.js";
import { fileResponse } from "../../plugins/api-document.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import { findUpcomingInternship, listUpcomingInternships, listWorkshops } from "./service.js";
import { slotListingRoutes } from "./slot-routes.js";

/** The only events anyone may stream without signing in. */
const PUBLIC_TOPICS = new Set(["slots", "workshops", "internships"]);

/** What students can book: published, upcoming sessions with the seats left right now. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  await app.register(slotListingRoutes);

  app.get(
    "/api/workshops",
    {
      schema: {
        operationId: "listWorkshops",
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
        operationId: "listInternships",
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
        operationId: "getUpcomingInternship",
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
      config: { liveStream: true },
      schema: {
        operationId: "streamListingEvents",
        response: {
          200: fileResponse("text/event-stream", "Server-sent events, with a heartbeat at least every 10 s"),
        },
        tags: ["booking"],
        summary: "Server-sent events when slots, workshops or internships change (seats, edits)",
      },
    },
    async (request, reply) => {
      streamLiveEvents(request, reply, app.deps.bus, (event) => PUBLIC_TOPICS.has(event.topic));
    },
  );
};
