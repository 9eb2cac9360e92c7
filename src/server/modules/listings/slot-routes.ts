import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COMPANY_TYPES, DOMAINS, SLOT_DAYS_AHEAD } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { API_MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  calendarDateSchema,
  slotDaysSchema,
  slotListingSchema,
  slotListSchema,
} from "../../../shared/schemas/booking.js";
import { encode, type Page } from "../../plugins/pages.js";
import { compressedOnce, createListingCache } from "./cache.js";
import { findSlotListing, listDaySlotsJson, listSlotsJson, slotDaysRange, summarizeSlotDaysJson } from "./service.js";

/** A mock-interview domain: only slots whose interviewer covers it (docs/product.md, Domains). */
const domain = z
  .enum(DOMAINS)
  .optional()
  .describe("Only slots whose interviewer covers this mock-interview domain; all slots without it");

/** A day before today: nothing is bookable there any more. */
const NO_SLOTS = compressedOnce(Buffer.from(JSON.stringify({ slots: [] })));

/**
 * Mock-interview slots as students choose them: the next 200, one day's, the days summary
 * (docs/decisions/0240-slots-by-day.md), each cached until a seat or slot changes; and one slot by id.
 */
export const slotListingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const cache = createListingCache(app.deps.bus);
  app.deps.stoppers.push(cache.close);

  /** Already JSON in the documented shape: sent as bytes, not serialized again, and compressed when the browser
   * accepts it (a phone on a slow network gets a tenth of the bytes). */
  const sendListing = (request: FastifyRequest, reply: FastifyReply, listing: Page) => {
    const { body, encoding } = encode(listing, request.headers["accept-encoding"]);
    if (encoding) reply.header("content-encoding", encoding);
    return reply
      .header("cache-control", "no-store")
      .header("vary", "accept-encoding")
      .type("application/json; charset=utf-8")
      .send(body);
  };

  app.get(
    "/api/slots",
    {
      schema: {
        operationId: "listSlots",
        tags: ["booking"],
        summary: "Upcoming published mock-interview slots for a plan, earliest first, with seats left",
        description: `Without \`date\`: the next 200 bookable slots. With \`date\` (YYYY-MM-DD, a day in the platform time zone): that day's bookable slots, full ones included. A day before today has none; a day beyond the ${SLOT_DAYS_AHEAD} days of \`/api/slots/days\` is refused (400).`,
        querystring: z.object({ package: z.enum(COMPANY_TYPES), date: calendarDateSchema.optional(), domain }),
        response: { 200: slotListSchema },
      },
    },
    async (request, reply) => {
      const { package: plan, date, domain: wanted } = request.query;
      const key = wanted ? `slots:${plan}@${wanted}` : `slots:${plan}`;
      if (!date) return sendListing(request, reply, await cache.get(key, () => listSlotsJson(db, plan, wanted)));
      const { first, last } = slotDaysRange(config.timeZone);
      if (date > last)
        throw new AppError("VALIDATION", API_MESSAGES.slotDateTooFar(SLOT_DAYS_AHEAD, last), { field: "date" });
      if (date < first) return sendListing(request, reply, NO_SLOTS);
      const listing = await cache.get(`${key}:${date}`, () =>
        listDaySlotsJson(db, plan, date, config.timeZone, wanted),
      );
      return sendListing(request, reply, listing);
    },
  );

  app.get(
    "/api/slots/days",
    {
      schema: {
        operationId: "listSlotDays",
        tags: ["booking"],
        summary: `A plan's days with bookable slots (today and the next ${SLOT_DAYS_AHEAD - 1} days, platform time zone), the next free time and the soonest full times`,
        querystring: z.object({ package: z.enum(COMPANY_TYPES), domain }),
        response: { 200: slotDaysSchema },
      },
    },
    async (request, reply) => {
      const { package: plan, domain: wanted } = request.query;
      const key = wanted ? `slots:${plan}@${wanted}` : `slots:${plan}`;
      const listing = await cache.get(`${key}:days`, () => summarizeSlotDaysJson(db, plan, config.timeZone, wanted));
      return sendListing(request, reply, listing);
    },
  );

  app.get(
    "/api/slots/:id",
    {
      schema: {
        operationId: "getSlot",
        tags: ["booking"],
        summary: "One published slot with its seats left (a held seat's day and details)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: z.object({ slot: slotListingSchema }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const slot = await findSlotListing(db, request.params.id);
      if (!slot) throw new AppError("NOT_FOUND", API_MESSAGES.slotNotFound);
      reply.header("cache-control", "no-store");
      return { slot };
    },
  );
};
