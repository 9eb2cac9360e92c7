import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientConfigSchema } from "../../../shared/schemas/session.js";

/** What the browser app reads before anything else: its public settings. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/config",
    {
      schema: {
        operationId: "getClientConfig",
        tags: ["session"],
        summary: "Public settings the client needs",
        response: { 200: clientConfigSchema },
      },
    },
    async () => {
      const { config } = app.deps;
      return {
        googleEnabled: config.google !== undefined,
        timeZone: config.timeZone,
        timeZoneLabel: config.timeZoneLabel,
        paymentProvider: config.payment.provider,
        razorpayKeyId: config.payment.provider === "razorpay" ? config.payment.razorpay.keyId : null,
        devTools: config.developmentFeatures,
      };
    },
  );
};
