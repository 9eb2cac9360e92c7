import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../../shared/errors.js";
import { CONTACT_MESSAGES } from "../../../shared/messages.js";
import { contactMessageSchema, contactReceivedSchema } from "../../../shared/schemas/contact.js";
import { receiveContactMessage } from "./service.js";

/** Per client address: enough for a person with a follow-up, too few to flood the inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "15 minutes" } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "Send a message to the team (shown in the admin inbox)",
        body: contactMessageSchema,
        response: { 200: contactReceivedSchema },
      },
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
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
