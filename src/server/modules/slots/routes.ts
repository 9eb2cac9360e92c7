import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { slotInputSchema, slotSchema } from "../../../shared/schemas/admin.js";
import { weekStartMonday } from "../../../shared/time.js";
import { requireAdmin } from "../../plugins/auth.js";
import { streamLiveEvents } from "../../plugins/sse.js";
import { createSlot, deleteSlot, findSlotsInWeek, toSlotDtos, updateSlot } from "./service.js";

const params = z.object({ id: z.string().min(1) });

export const slotRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/slots",
    {
      schema: {
        tags: ["admin"],
        summary: "The slots of one week (Monday start, platform zone)",
        querystring: z.object({
          week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "week must be a date (YYYY-MM-DD)" }),
        }),
        response: { 200: z.object({ weekStart: z.string(), slots: z.array(slotSchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const monday = weekStartMonday(request.query.week);
      return { weekStart: monday, slots: await toSlotDtos(deps, await findSlotsInWeek(deps, monday)) };
    },
  );
  app.post(
    "/api/admin/slots",
    {
      schema: {
        tags: ["admin"],
        summary: "Add a slot (spec §5 rules)",
        body: slotInputSchema,
        response: { 201: slotSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createSlot(deps, admin.email, request.body));
    },
  );
  app.put(
    "/api/admin/slots/:id",
    {
      schema: { tags: ["admin"], summary: "Edit a slot", params, body: slotInputSchema, response: { 200: slotSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return updateSlot(deps, admin.email, request.params.id, request.body);
    },
  );
  app.delete(
    "/api/admin/slots/:id",
    {
      schema: { tags: ["admin"], summary: "Delete a slot without paid bookings (409 HAS_BOOKINGS otherwise)", params },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await deleteSlot(deps, admin.email, request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    "/api/admin/slots/stream",
    { schema: { tags: ["admin"], summary: "Server-sent events when any slot or its seats change" } },
    async (request, reply) => {
      await requireAdmin(request);
      streamLiveEvents(request, reply, deps.bus, (event) => event.topic === "slots");
    },
  );
};
