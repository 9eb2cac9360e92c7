import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardSchema } from "../../../shared/schemas/dashboard.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { getDashboard } from "./service.js";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dashboard",
    {
      schema: {
        operationId: "getDashboard",
        security: signedIn,
        tags: ["dashboard"],
        summary: "The signed-in student's sessions, scorecards, certificates, stats and goals",
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return app.deps.heavyReads.run(request, () => getDashboard(app.deps, user));
    },
  );
};
