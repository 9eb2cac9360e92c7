import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bookingConfirmationSchema } from "../../../shared/schemas/confirmation.js";
import { requireUser } from "../../plugins/auth.js";
import { getBookingConfirmation } from "./service.js";

export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/bookings/:id/confirmation",
    {
      schema: {
        tags: ["booking"],
        summary: "A confirmed booking as the confirmation page shows it: what, when, with whom, paid, calendar",
        params: z.object({ id: z.string().min(1) }),
        response: { 200: bookingConfirmationSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return getBookingConfirmation(app.deps, user, request.params.id);
    },
  );
};
