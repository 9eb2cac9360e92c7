import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insightsSchema } from "../../../shared/schemas/insights.js";
import { periodQuerySchema } from "../../../shared/schemas/invoices.js";
import { readInsights } from "./service.js";

export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/api/admin/insights",
    {
      schema: {
        operationId: "getInsights",
        tags: ["admin", "insights"],
        summary: "Revenue, occupancy, the booking funnel, no-shows, scores and coupon use in a period",
        querystring: periodQuerySchema,
        response: { 200: insightsSchema },
      },
    },
    async (request) => {
      return readInsights(deps, request.query);
    },
  );
};
