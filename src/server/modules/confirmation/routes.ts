import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { bookingConfirmationSchema } from "../../../shared/schemas/confirmation.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { getBookingConfirmation } from "./service.js";

export const confirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/bookings/:id/confirmation",
    {
      schema: {
        operationId: "getBookingConfirmation",
        security: signedIn,
        tags: ["booking"],
        summary: "A confirmed booking as the confirmation page shows it: what, when, with whom, paid, calendar",
        params: z.object({ id: z.string().min(1) }),
        response: { 200: bookingConfirmationSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return getBookingConfirmation(app.deps, user, request.params.id);
    },
  );
};
