import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { cancelInputSchema, cancelResultSchema } from "../../../shared/schemas/dashboard.js";
import { recentAdminOf } from "../admins/guard.js";
import { cancelBookingAsAdmin, cancelSession } from "./service.js";

const idParams = z.object({ id: z.string() });

const SESSION_CANCELS = [
  {
    family: "slots",
    operationName: "Slot",
    kind: "mock",
    summary: "Cancels a slot: every booking on it is cancelled, refunded and told",
  },
  {
    family: "workshops",
    operationName: "WorkshopSession",
    kind: "workshop",
    summary: "Cancels a workshop session: every booking on it is cancelled, refunded and told",
  },
  {
    family: "internships",
    operationName: "InternshipBatch",
    kind: "internship",
    summary: "Cancels an internship batch before it starts: every enrolment is cancelled, refunded and told",
  },
] as const;

/** An admin cancels a booking or a whole session; a student cancels their own in my-bookings. */
export const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/api/admin/bookings/:id/cancel",
    {
      schema: {
        operationId: "cancelBookingAsAdmin",
        tags: ["admin", "cancellations"],
        summary: "Cancels one confirmed booking with a full refund and tells the student",
        params: idParams,
        body: cancelInputSchema,
        response: { 200: cancelResultSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = recentAdminOf(request);
      return cancelBookingAsAdmin(deps, admin, request.params.id, request.body.reason || null);
    },
  );

  // A whole session: every booking on it is cancelled, refunded and told (the same rules for each kind).
  for (const { family, operationName, kind, summary } of SESSION_CANCELS) {
    app.post(
      `/api/admin/${family}/:id/cancel`,
      {
        schema: {
          operationId: `cancel${operationName}`,
          tags: ["admin", "cancellations"],
          summary,
          params: idParams,
          body: cancelInputSchema,
          response: { 200: cancelResultSchema, ...errorResponses(404, 409) },
        },
      },
      async (request) => {
        const admin = recentAdminOf(request);
        return cancelSession(deps, admin, kind, request.params.id, request.body.reason || null);
      },
    );
  }
};
