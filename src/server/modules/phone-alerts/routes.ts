import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { alertChannelsInputSchema, alertChannelsSchema } from "../../../shared/schemas/alert-channels.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { requireUser } from "../../plugins/auth.js";
import { getAlertChannels, setAlertChannels } from "./service.js";

export const phoneAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["profile"];

  app.get(
    "/api/me/alert-channels",
    {
      schema: {
        tags,
        summary: "Where time-critical news goes besides e-mail: SMS and WhatsApp, and whether each can be sent",
        response: { 200: alertChannelsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return getAlertChannels(deps, user.id);
    },
  );

  app.put(
    "/api/me/alert-channels",
    {
      schema: {
        tags,
        summary: "Choose SMS and WhatsApp for waitlist offers, 1-hour reminders and sessions moved or cancelled",
        body: alertChannelsInputSchema,
        response: { 200: alertChannelsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setAlertChannels(deps, user.id, request.body);
    },
  );
};
