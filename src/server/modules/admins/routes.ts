import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { normalizeEmail } from "../../../shared/email.js";
import { addAdminInputSchema, adminSchema } from "../../../shared/schemas/admins.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { recentAdminOf } from "./guard.js";
import { addAdmin, listAdmins, removeAdmin } from "./service.js";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/admins",
    {
      schema: {
        operationId: "listAdmins",
        tags: ["admin"],
        summary: "Admins by e-mail",
        response: { 200: z.object({ admins: z.array(adminSchema) }) },
      },
    },
    async () => {
      return { admins: await listAdmins(deps) };
    },
  );
  app.post(
    "/api/admin/admins",
    {
      schema: {
        operationId: "addAdmin",
        tags: ["admin"],
        summary: "Add an admin by e-mail (stored lower-cased)",
        body: addAdminInputSchema,
        response: { 201: adminSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = recentAdminOf(request);
      return reply.status(201).send(await addAdmin(deps, admin.email, request.body.email));
    },
  );
  app.delete(
    "/api/admin/admins/:email",
    {
      schema: {
        operationId: "removeAdmin",
        tags: ["admin"],
        summary: "Remove an admin (409 LAST_ADMIN for the last one)",
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 204: z.null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const admin = recentAdminOf(request);
      await removeAdmin(deps, admin.email, request.params.email);
      await deps.bus.publish({ topic: "admin_removed", email: normalizeEmail(request.params.email) });
      return reply.status(204).send(null);
    },
  );
};
