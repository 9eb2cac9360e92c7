import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxResponseSchema } from "../../../shared/schemas/outbox.js";
import { findRecentOutboxMessages } from "./repository.js";

/** Mail and SMS sent in development; registered only outside production. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        operationId: "listDevOutbox",
        tags: ["dev"],
        summary: "Mail and SMS sent by this instance (development only), newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
      const rows = await findRecentOutboxMessages(app.deps.db, request.query.limit);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to_address,
          subject: r.subject,
          text: r.text,
          html: r.html,
          attachments: r.attachments
            ? (JSON.parse(r.attachments) as { filename: string; contentType: string }[]).map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
              }))
            : [],
          createdAt: r.created_at,
        })),
      };
    },
  );
};
