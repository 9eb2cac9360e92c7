import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  contactReplyInputSchema,
  contactReplySchema,
  inboxSchema,
  markHandledInputSchema,
} from "../../../shared/schemas/inbox.js";
import { pageQuerySchema } from "../../../shared/schemas/pagination.js";
import { adminOf } from "../admins/guard.js";
import { markHandled, readInbox } from "./inbox-service.js";
import { replyToContactMessage } from "./replies.js";

/** The contact-form inbox; the form itself posts to /api/contact (routes.ts beside this file). */
export const contactInboxRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const admin = adminOf(request);
      return markHandled(app.deps, admin.email, request.params.id, request.body.handled);
    },
  );
  app.post(
    "/api/admin/messages/:id/replies",
    {
      schema: {
        operationId: "replyToContactMessage",
        tags: ["admin"],
        summary: "Reply to a message: mailed to its sender, kept in its thread, and the message marked handled",
        params: z.object({ id: z.string().min(1) }),
        body: contactReplyInputSchema,
        response: { 201: contactReplySchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const sent = await replyToContactMessage(app.deps, admin.email, request.params.id, request.body.message);
      return reply.code(201).send(sent);
    },
  );
};
