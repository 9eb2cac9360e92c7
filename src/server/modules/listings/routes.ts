import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type CatalogKey, COMPANY_TYPES, type CompanyType } from "../../../shared/constants.js";
import { internshipListingSchema, slotListingSchema, workshopListingSchema } from "../../../shared/schemas/booking.js";
import { zonedDate } from "../../../shared/time.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import { findCatalog } from "../catalog/repository.js";
import { countSeatsTaken } from "../seats/repository.js";
import { createListingCache } from "./cache.js";
import {
  findEarliestUpcomingInternship,
  findPublishedUpcomingSlots,
  findPublishedUpcomingWorkshops,
} from "./repository.js";

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
      const body = await cache.get(`slots:${request.query.package}`, async () => {
        const nowIso = new Date().toISOString();
        const rows = await findPublishedUpcomingSlots(db, request.query.package, nowIso);
        const taken = await countSeatsTaken(
          db,
          rows.map((r) => r.id),
          nowIso,
        );
        return JSON.stringify({
          slots: rows.map((r) => ({
            id: r.id,
            startAt: r.start_at,
            endAt: r.end_at,
            interviewerName: r.interviewer_name,
            details: r.details,
            packageTypes: JSON.parse(r.package_types) as CompanyType[],
            capacity: r.capacity,
            seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
          })),
        });
      });
      // Already JSON in the documented shape: sent as text, not serialized again.
      return (reply as FastifyReply)
        .header("cache-control", "no-store")
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
      const nowIso = new Date().toISOString();
      const [rows, catalog] = await Promise.all([findPublishedUpcomingWorkshops(db, nowIso), findCatalog(db)]);
      const taken = await countSeatsTaken(
        db,
        rows.map((r) => r.id),
        nowIso,
      );
      const prices = new Map(catalog.map((c) => [c.key as string, c]));
      reply.header("cache-control", "no-store");
      return {
        workshops: rows.map((r) => ({
          id: r.id,
          topicKey: r.topic_key,
          title: r.title,
          level: r.level,
          startAt: r.start_at,
          endAt: r.end_at,
          capacity: r.capacity,
          seatsLeft: Math.max(0, r.capacity - (taken.get(r.id) ?? 0)),
          pricePaise: prices.get(r.topic_key)?.pricePaise ?? 0,
          available: prices.get(r.topic_key)?.available ?? false,
        })),
      };
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
      const now = new Date();
      const row = await findEarliestUpcomingInternship(db, zonedDate(now, config.timeZone));
      reply.header("cache-control", "no-store");
      if (!row) return { internship: null };
      const [catalog, taken] = await Promise.all([findCatalog(db), countSeatsTaken(db, [row.id], now.toISOString())]);
      const price = catalog.find((c) => c.key === (row.track_key as CatalogKey));
      return {
        internship: {
          id: row.id,
          title: row.title,
          mentor: row.mentor,
          startDate: row.start_date,
          weeks: row.weeks,
          weekPlans: JSON.parse(row.week_plans) as { title: string; deliverables: string }[],
          trackKey: row.track_key,
          capacity: row.capacity,
          seatsLeft: Math.max(0, row.capacity - (taken.get(row.id) ?? 0)),
          pricePaise: price?.pricePaise ?? 0,
          available: price?.available ?? false,
        },
      };
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
