import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_LABELS } from "../../../shared/constants.js";
import { catalogResponseSchema } from "../../../shared/schemas/catalog.js";
import { findCatalog } from "./repository.js";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/catalog",
    {
      schema: {
        operationId: "getCatalog",
        tags: ["catalog"],
        summary: "Availability and price of the nine packages (docs/product.md, Catalog)",
        response: { 200: catalogResponseSchema },
      },
    },
    async (_request, reply) => {
      const items = await findCatalog(app.deps.db);
      // Always revalidated: a student must see the price an admin just set (it is a tiny response).
      reply.header("cache-control", "no-cache");
      return {
        items: items.map((i) => ({
          key: i.key,
          label: CATALOG_LABELS[i.key],
          available: i.available,
          pricePaise: i.pricePaise,
          unavailableReason: i.unavailableReason,
        })),
      };
    },
  );
};
