import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOG_LABELS } from "../../../shared/constants.js";
import { rupeesToPaise } from "../../../shared/money.js";
import { catalogKeyParams, pricingInputSchema } from "../../../shared/schemas/admin.js";
import { catalogItemSchema } from "../../../shared/schemas/catalog.js";
import { requireAdmin } from "../../plugins/auth.js";
import { recordAudit } from "../audit/repository.js";
import { findCatalogItem, updateCatalogItem } from "../catalog/repository.js";

/** Price and availability of a package; new holds and checkouts use them at once. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, bus } = app.deps;
  app.put(
    "/api/admin/pricing/:key",
    {
      schema: {
        tags: ["admin"],
        summary: "Set a package's availability and price (whole rupees)",
        params: catalogKeyParams,
        body: pricingInputSchema,
        response: { 200: catalogItemSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { key } = request.params;
      const change = { available: request.body.available, pricePaise: rupeesToPaise(request.body.priceRupees) };
      await db.transaction().execute(async (trx) => {
        const before = await findCatalogItem(trx, key);
        await updateCatalogItem(trx, key, change);
        await recordAudit(trx, {
          actorEmail: admin.email,
          action: "pricing",
          entity: "pricing",
          entityId: key,
          before: { available: before.available, pricePaise: before.pricePaise },
          after: change,
        });
      });
      // Listings show prices: refresh them everywhere.
      await bus.publish({ topic: "workshops" });
      await bus.publish({ topic: "internships" });
      return { key, label: CATALOG_LABELS[key], ...change };
    },
  );
};
