import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminBookingSchema } from "../../../shared/schemas/admin.js";
import { requireAdmin } from "../admins/guard.js";
import { listAdminBookings } from "./service.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every booking with its student, session and payment; filter by kind, status and session date. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/bookings",
    {
      schema: {
        operationId: "listBookingsForAdmin",
        tags: ["admin"],
        summary: "Bookings with their payments (filters: kind, status, from/to session date)",
        querystring: z.object({
          kind: z.enum(["mock", "workshop", "internship"]).optional(),
          status: z.string().max(40).optional(),
          from: z.string().regex(DATE).optional(),
          to: z.string().regex(DATE).optional(),
        }),
        response: { 200: z.object({ bookings: z.array(adminBookingSchema) }) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { bookings: await listAdminBookings(app.deps, request.query) };
    },
  );
};
