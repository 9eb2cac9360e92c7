import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { inboxSchema, markHandledInputSchema } from "../../../shared/schemas/inbox.js";
import { pageQuerySchema } from "../../../shared/schemas/pagination.js";
import { requireAdmin } from "../admins/guard.js";
import { markHandled, readInbox } from "./service.js";

/** The contact-form inbox; messages arrive through POST /api/contact (modules/contact). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/messages",
    {
      schema: {
        operationId: "listContactMessages",
        tags: ["admin"],
        summary: "Contact messages, newest first, a page at a time, and how many are unhandled",
        querystring: pageQuerySchema,
        response: { 200: inboxSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return readInbox(app.deps, request.query);
    },
  );
  app.post(
    "/api/admin/messages/:id/handled",
    {
      schema: {
        operationId: "markContactMessageHandled",
        tags: ["admin"],
        summary: "Mark a message handled or unhandled",
        params: z.object({ id: z.string().min(1) }),
        body: markHandledInputSchema,
        response: { 200: markHandledInputSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return markHandled(app.deps, admin.email, request.params.id, request.body.handled);
    },
  );
};
