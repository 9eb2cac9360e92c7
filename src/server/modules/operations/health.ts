import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_MESSAGES } from "../../../shared/messages.js";
import { pingDatabase } from "../../db/database.js";

/** Liveness and readiness for the load balancer and the operator; the metrics are in ./metrics.ts. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        operationId: "getHealth",
        tags: ["operations"],
        summary: "The process is up",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/api/ready",
    {
      schema: {
        operationId: "getReadiness",
        tags: ["operations"],
        summary: "The database answers and live updates cross processes",
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
    async (request, reply) => {
      if (!app.deps.bus.live()) {
        return reply.status(503).send({ error: { code: "UNAVAILABLE", message: API_MESSAGES.liveChannelDown } });
      }
      try {
        await pingDatabase(app.deps.db);
        return { status: "ready" as const };
      } catch (err) {
        request.log.error({ err }, "readiness check failed");
        return reply.status(503).send({ error: { code: "UNAVAILABLE", message: API_MESSAGES.databaseUnreachable } });
      }
    },
  );
};
