import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { internshipInputSchema, internshipSchema } from "../../../shared/schemas/internships.js";
import { adminOf } from "../admins/guard.js";
import { createInternship, deleteInternship, listInternships, updateInternship } from "./service.js";

const params = z.object({ id: z.string().min(1) });
const tags = ["admin"];

export const internshipRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/internships",
    {
      schema: {
        operationId: "listInternshipsForAdmin",
        tags,
        summary: "Internships, newest start date first, with seats left",
        response: { 200: z.object({ internships: z.array(internshipSchema) }) },
      },
    },
    async () => {
      return { internships: await listInternships(deps) };
    },
  );
  app.post(
    "/api/admin/internships",
    {
      schema: {
        operationId: "createInternship",
        tags,
        summary: "Add an internship (at least 1 week, a plan per week)",
        body: internshipInputSchema,
        response: { 201: internshipSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createInternship(deps, admin.email, request.body));
    },
  );
  app.put(
    "/api/admin/internships/:id",
    {
      schema: {
        operationId: "updateInternship",
        tags,
        summary: "Edit an internship (seats never below those paid for)",
        params,
        body: internshipInputSchema,
        response: { 200: internshipSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return updateInternship(deps, admin.email, request.params.id, request.body);
    },
  );
  app.delete(
    "/api/admin/internships/:id",
    {
      schema: {
        operationId: "deleteInternship",
        tags,
        summary: "Delete an internship nobody has paid for (409 HAS_BOOKINGS otherwise)",
        params,
        response: { 204: z.null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await deleteInternship(deps, admin.email, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
