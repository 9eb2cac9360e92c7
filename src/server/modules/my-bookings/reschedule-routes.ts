import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  changedSessionSchema,
  rescheduleInputSchema,
  rescheduleOptionsSchema,
} from "../../../shared/schemas/dashboard.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { listRescheduleOptions, rescheduleBooking } from "./reschedule.js";
import { getDashboardSession } from "./service.js";

const bookingParams = z.object({ id: z.string() });

export const rescheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/bookings/:id/reschedule-options",
    {
      schema: {
        operationId: "listRescheduleOptions",
        security: signedIn,
        tags: ["dashboard"],
        summary: "Open slots of the same package that a confirmed mock interview can move to",
        params: bookingParams,
        response: { 200: rescheduleOptionsSchema, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return { slots: await listRescheduleOptions(app.deps, user, request.params.id) };
    },
  );

  app.post(
    "/api/me/bookings/:id/reschedule",
    {
      schema: {
        operationId: "rescheduleBooking",
        security: signedIn,
        tags: ["dashboard"],
        summary: "Moves a mock interview to another slot, up to 12 hours before it starts",
        params: bookingParams,
        body: rescheduleInputSchema,
        response: { 200: changedSessionSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await rescheduleBooking(app.deps, user, request.params.id, request.body.slotId);
      return { session: await getDashboardSession(app.deps, user, request.params.id) };
    },
  );
};
