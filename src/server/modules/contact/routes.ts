import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../../shared/errors.js";
import { CONTACT_MESSAGES } from "../../../shared/messages.js";
import { contactMessageSchema, contactReceivedSchema } from "../../../shared/schemas/contact.js";
import { receiveContactMessage } from "./service.js";

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contact",
    {
      schema: {
        operationId: "sendContactMessage",
        tags: ["contact"],
        summary: "Send a message to the team (shown in the admin inbox)",
        body: contactMessageSchema,
        response: { 200: contactReceivedSchema },
      },
      config: {
        rateLimit: {
          // Per client address: enough for a person with a follow-up, too few to flood the inbox.
          max: app.deps.config.contactRateLimitPer15Minutes,
          timeWindow: "15 minutes",
          errorResponseBuilder: (_request, context) =>
            new AppError("RATE_LIMITED", CONTACT_MESSAGES.rateLimited(context.after), {
              details: Math.ceil(context.ttl / 1000),
            }),
        },
      },
    },
    async (request) => {
      await receiveContactMessage(app.deps, request.body);
      return { received: true as const };
    },
  );
};
