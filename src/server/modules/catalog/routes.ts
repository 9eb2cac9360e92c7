import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_LABELS } from "../../../shared/constants.js";
import { catalogResponseSchema } from "../../../shared/schemas/catalog.js";
import { findCatalog } from "./repository.js";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/catalog",
    {
      schema: {
        tags: ["catalog"],
        summary: "Availability and price of the nine packages (PRODUCT.md §4)",
        response: { 200: catalogResponseSchema },
      },
    },
    async (_request, reply) => {
      const items = await findCatalog(app.deps.db);
      // Short shared cache: admins' price changes reach students within a minute, and holds
      // always read the price from the database, never from this response.
      reply.header("cache-control", "public, max-age=30, stale-while-revalidate=60");
      return {
        items: items.map((i) => ({
          key: i.key,
          label: CATALOG_LABELS[i.key],
          available: i.available,
          pricePaise: i.pricePaise,
        })),
      };
    },
  );
};
