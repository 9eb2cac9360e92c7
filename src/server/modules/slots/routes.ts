import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { slotInputSchema, slotSchema, slotWeekQuerySchema, slotWeekSchema } from "../../../shared/schemas/slots.js";
import { fileResponse } from "../../plugins/api-document.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import { adminOf, stillAdmin } from "../admins/guard.js";
import { createSlot, deleteSlot, listWeek, updateSlot } from "./service.js";

const params = z.object({ id: z.string().min(1) });
const tags = ["admin"];

/** The console's lists that follow changes live: the slot week, workshops and internships. */
const CONSOLE_TOPICS = new Set(["slots", "workshops", "internships"]);

export const slotRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/slots",
    {
      schema: {
        operationId: "listSlotWeek",
        tags,
        summary: "The slots of the week containing `week` (Monday start, platform zone), with seats left",
        querystring: slotWeekQuerySchema,
        response: { 200: slotWeekSchema },
      },
    },
    async (request) => {
      return listWeek(deps, request.query.week);
    },
  );
  app.post(
    "/api/admin/slots",
    {
      schema: {
        operationId: "createSlot",
        tags,
        summary: "Add a slot (the slot rules and messages, in order)",
        body: slotInputSchema,
        response: { 201: slotSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createSlot(deps, admin.email, request.body));
    },
  );
  app.put(
    "/api/admin/slots/:id",
    {
      schema: {
        operationId: "updateSlot",
        tags,
        summary: "Edit a slot (same rules; capacity never below the seats paid for)",
        params,
        body: slotInputSchema,
        response: { 200: slotSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updateSlot(deps, admin.email, request.params.id, request.body);
    },
  );
  app.delete(
    "/api/admin/slots/:id",
    {
      schema: {
        operationId: "deleteSlot",
        tags,
        summary: "Delete a slot nobody has paid for (409 HAS_BOOKINGS otherwise: cancel it instead)",
        params,
        response: { 204: z.null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await deleteSlot(deps, admin.email, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/api/admin/slots/stream",
    {
      config: { liveStream: true },
      schema: {
        operationId: "streamAdminSlotEvents",
        response: {
          200: fileResponse(
            "text/event-stream",
            "Server-sent events for the console's week view, with a heartbeat at least every 10 s",
          ),
        },
        tags,
        summary: "Server-sent events whenever a slot, workshop session or internship (or its seats) changes",
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      streamLiveEvents(
        request,
        reply,
        deps.bus,
        (event) => CONSOLE_TOPICS.has(event.topic),
        () => stillAdmin(request, admin),
      );
    },
  );
};
