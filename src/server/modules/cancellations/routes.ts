import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cancelInputSchema, cancelResultSchema, changedSessionSchema } from "../../../shared/schemas/dashboard.js";
import { requireUser } from "../../plugins/auth.js";
import { requireRecentAdmin } from "../admins/guard.js";
import { getDashboardSession } from "../sessions/service.js";
import { cancelBookingAsAdmin, cancelOwnBooking, cancelSession } from "./service.js";

const idParams = z.object({ id: z.string() });

export const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/api/me/bookings/:id/cancel",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Cancels the student's own booking up to 12 hours before it starts, with a full refund",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: changedSessionSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await cancelOwnBooking(deps, user, request.params.id, request.body.reason || null);
      return { session: await getDashboardSession(deps, user, request.params.id) };
    },
  );

  app.post(
    "/api/admin/bookings/:id/cancel",
    {
      schema: {
        tags: ["admin", "cancellations"],
        summary: "Cancels one confirmed booking with a full refund and tells the student",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => {
      const admin = await requireRecentAdmin(request);
      return cancelBookingAsAdmin(deps, admin, request.params.id, request.body.reason || null);
    },
  );

  app.post(
    "/api/admin/slots/:id/cancel",
    {
      schema: {
        tags: ["admin", "cancellations"],
        summary: "Cancels a slot: every booking on it is cancelled, refunded and told",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => {
      const admin = await requireRecentAdmin(request);
      return cancelSession(deps, admin, "mock", request.params.id, request.body.reason || null);
    },
  );

  app.post(
    "/api/admin/workshops/:id/cancel",
    {
      schema: {
        tags: ["admin", "cancellations"],
        summary: "Cancels a workshop session: every booking on it is cancelled, refunded and told",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => {
      const admin = await requireRecentAdmin(request);
      return cancelSession(deps, admin, "workshop", request.params.id, request.body.reason || null);
    },
  );

  app.post(
    "/api/admin/internships/:id/cancel",
    {
      schema: {
        tags: ["admin", "cancellations"],
        summary: "Cancels an internship batch before it starts: every enrolment is cancelled, refunded and told",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: cancelResultSchema },
      },
    },
    async (request) => {
      const admin = await requireRecentAdmin(request);
      return cancelSession(deps, admin, "internship", request.params.id, request.body.reason || null);
    },
  );
};
