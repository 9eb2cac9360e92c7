import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { auditPageSchema, auditQuerySchema } from "../../../shared/schemas/audit.js";
import { readAuditLog } from "./service.js";

/** Read-only: entries are written by each admin write, inside its own transaction. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/audit",
    {
      schema: {
        operationId: "listAuditEntries",
        tags: ["admin"],
        summary: "The audit log of admin changes, newest first, a page at a time, filterable by entity",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return app.deps.heavyReads.run(request, () => readAuditLog(app.deps, request.query));
    },
  );
};
