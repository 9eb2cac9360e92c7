import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { catalogKeySchema } from "../../../shared/schemas/catalog.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { findMyOpeningAlerts, subscribeToOpening } from "./opening-alerts.js";

const alertsSchema = z.object({ packages: z.array(catalogKeySchema) });

/** "Tell me when it opens": a student's opening alerts (`/api/me/opening-alerts`). */
export const openingAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/opening-alerts",
    {
      schema: {
        operationId: "listOpeningAlerts",
        security: signedIn,
        tags: ["booking"],
        summary: "The unavailable packages you asked to hear about",
        response: { 200: alertsSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return { packages: await findMyOpeningAlerts(app.deps, user.id) };
    },
  );

  app.put(
    "/api/me/opening-alerts/:key",
    {
      schema: {
        operationId: "setOpeningAlert",
        security: signedIn,
        tags: ["booking"],
        summary: "Tell me when it opens: an e-mail when an admin makes this package available",
        params: z.object({ key: catalogKeySchema }),
        response: { 200: alertsSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await subscribeToOpening(app.deps, user.id, request.params.key);
      return { packages: await findMyOpeningAlerts(app.deps, user.id) };
    },
  );
};
