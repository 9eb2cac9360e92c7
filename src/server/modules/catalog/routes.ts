import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogResponseSchema } from "../../../shared/schemas/catalog.js";
import { keptFor, readFeedbackMinutes } from "../feedback-time/service.js";
import { countPracticeQuestions } from "../practice/service.js";
import { findCatalog } from "./repository.js";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedbackFigure = keptFor(() => readFeedbackMinutes(app.deps), app.deps.config.catalogFiguresMaxAgeMs);
  app.get(
    "/api/catalog",
    {
      schema: {
        operationId: "getCatalog",
        tags: ["catalog"],
        summary:
          "Availability, price and name of the mock-interview packages, workshop topics and internship tracks (docs/product.md, Catalog), the practice bank's size and the feedback-time figure (read at most CATALOG_FIGURES_MAX_AGE_SECONDS ago, a minute by default)",
        response: { 200: catalogResponseSchema },
      },
    },
    async (_request, reply) => {
      const [items, practiceQuestions, feedbackMinutes] = await Promise.all([
        findCatalog(app.deps.db),
        countPracticeQuestions(app.deps.db),
        feedbackFigure(),
      ]);
      // Always revalidated: a student must see the price an admin just set (it is a tiny response).
      reply.header("cache-control", "no-cache");
      return {
        items: items.map((i) => ({
          key: i.key,
          label: i.label,
          available: i.available,
          pricePaise: i.pricePaise,
          unavailableReason: i.unavailableReason,
        })),
        practiceQuestions,
        feedbackMinutes,
      };
    },
  );
};
