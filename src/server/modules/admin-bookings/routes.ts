import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BOOKING_KINDS } from "../../../shared/constants.js";
import { adminBookingSchema } from "../../../shared/schemas/admin.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { nextCursorSchema, pageQuerySchema } from "../../../shared/schemas/pagination.js";
import { listAdminBookings } from "./service.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Bookings with their student, session and payment, a page at a time; filter by kind, status and session date. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/bookings",
    {
      schema: {
        operationId: "listBookingsForAdmin",
        tags: ["admin"],
        summary:
          "A page of bookings with their payments, soonest needing action first (filters: kind, status, from/to session date)",
        querystring: pageQuerySchema.extend({
          kind: z.enum(BOOKING_KINDS).optional(),
          status: z.string().max(40).optional(),
          from: z.string().regex(DATE).optional(),
          to: z.string().regex(DATE).optional(),
        }),
        response: {
          200: z.object({ bookings: z.array(adminBookingSchema), nextCursor: nextCursorSchema }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      return app.deps.heavyReads.run(request, () => listAdminBookings(app.deps, request.query));
    },
  );
};
