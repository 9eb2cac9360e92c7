import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { catalogItemSchema } from "../../../shared/schemas/catalog.js";
import { catalogKeyParamsSchema, pricingInputSchema } from "../../../shared/schemas/pricing.js";
import { adminOf } from "../admins/guard.js";
import { setPrice } from "./pricing.js";

/** Availability and price of the nine packages; the console reads them from GET /api/catalog. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/api/admin/pricing/:key",
    {
      schema: {
        operationId: "setPrice",
        tags: ["admin"],
        summary: "Set a package's availability and price (positive whole rupees); new holds use it at once",
        params: catalogKeyParamsSchema,
        body: pricingInputSchema,
        response: { 200: catalogItemSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return setPrice(app.deps, admin.email, request.params.key, request.body);
    },
  );
};
