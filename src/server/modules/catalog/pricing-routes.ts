import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { type CatalogItemDto, catalogItemSchema } from "../../../shared/schemas/catalog.js";
import { catalogKeyParamsSchema, pricingInputSchema } from "../../../shared/schemas/pricing.js";
import { topicInputSchema, topicRenameSchema } from "../../../shared/schemas/topics.js";
import { adminOf } from "../admins/guard.js";
import { setPrice } from "./pricing.js";
import type { CatalogItem } from "./repository.js";
import { addTopic, removeTopic, renameTopic } from "./topics.js";

/** What the console is answered: the item without its row's `updatedAt`, so the answer is written as it is. */
const itemAnswer = ({ key, label, available, pricePaise, unavailableReason }: CatalogItem): CatalogItemDto => ({
  key,
  label,
  available,
  pricePaise,
  unavailableReason,
});

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

  app.post(
    "/api/admin/topics",
    {
      schema: {
        operationId: "addTopic",
        tags: ["admin"],
        summary: "Add a workshop topic or internship track with its price; the catalog, landing and booking list it",
        body: topicInputSchema,
        response: { 201: catalogItemSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(itemAnswer(await addTopic(app.deps, admin.email, request.body)));
    },
  );

  app.put(
    "/api/admin/topics/:key",
    {
      schema: {
        operationId: "renameTopic",
        tags: ["admin"],
        summary: "Rename a workshop topic or internship track; its sessions, batches and bookings show the new name",
        params: catalogKeyParamsSchema,
        body: topicRenameSchema,
        response: { 200: catalogItemSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return itemAnswer(await renameTopic(app.deps, admin.email, request.params.key, request.body.label));
    },
  );

  app.delete(
    "/api/admin/topics/:key",
    {
      schema: {
        operationId: "removeTopic",
        tags: ["admin"],
        summary: "Remove a workshop topic or internship track that no session, batch or booking uses",
        params: catalogKeyParamsSchema,
        response: { 204: z.null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await removeTopic(app.deps, admin.email, request.params.key);
      return reply.status(204).send(null);
    },
  );
};
