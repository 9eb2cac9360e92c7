import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { workshopInputSchema, workshopSchema } from "../../../shared/schemas/workshops.js";
import { adminOf } from "../admins/guard.js";
import { createWorkshop, deleteWorkshop, listWorkshops, updateWorkshop } from "./service.js";

const params = z.object({ id: z.string().min(1) });
const tags = ["admin"];

export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/workshops",
    {
      schema: {
        operationId: "listWorkshopsForAdmin",
        tags,
        summary: "Workshop sessions, latest first, with seats left",
        response: { 200: z.object({ workshops: z.array(workshopSchema) }) },
      },
    },
    async () => {
      return { workshops: await listWorkshops(deps) };
    },
  );
  app.post(
    "/api/admin/workshops",
    {
      schema: {
        operationId: "createWorkshop",
        tags,
        summary: "Add a workshop session (the slot rules where they apply)",
        body: workshopInputSchema,
        response: { 201: workshopSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createWorkshop(deps, admin.email, request.body));
    },
  );
  app.put(
    "/api/admin/workshops/:id",
    {
      schema: {
        operationId: "updateWorkshop",
        tags,
        summary: "Edit a workshop session (capacity never below the seats paid for)",
        params,
        body: workshopInputSchema,
        response: { 200: workshopSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updateWorkshop(deps, admin.email, request.params.id, request.body);
    },
  );
  app.delete(
    "/api/admin/workshops/:id",
    {
      schema: {
        operationId: "deleteWorkshop",
        tags,
        summary: "Delete a session nobody has paid for (409 HAS_BOOKINGS otherwise: cancel it instead)",
        params,
        response: { 204: z.null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await deleteWorkshop(deps, admin.email, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
