import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { meResponseSchema } from "../../../shared/schemas/session.js";
import { findSessionUser } from "../../plugins/auth.js";
import { isAdminEmail } from "../admins/repository.js";
import { hasPaidBooking } from "./repository.js";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me",
    {
      schema: {
        tags: ["session"],
        summary: "The signed-in user (or null), admin status and whether a booking is done",
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = await findSessionUser(request);
      if (!user) return { user: null, isAdmin: false, bookingDone: false };
      const [isAdmin, bookingDone] = await Promise.all([
        isAdminEmail(app.deps.db, user.email),
        hasPaidBooking(app.deps.db, user.id),
      ]);
      return { user, isAdmin, bookingDone };
    },
  );
};
