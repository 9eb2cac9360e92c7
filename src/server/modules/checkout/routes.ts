import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { checkoutResponseSchema } from "../../../shared/schemas/booking.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { userOrClientKey } from "../../plugins/rate-limit.js";
import { startCheckout } from "./service.js";

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    "/api/checkout",
    {
      schema: {
        operationId: "startCheckout",
        security: signedIn,
        tags: ["booking"],
        summary: "Proceed to payment: turn your hold into a pending booking and open a payment order",
        body: z.object({
          holdId: z.string({ message: MESSAGES.selectSlotFirst }).min(1, { message: MESSAGES.selectSlotFirst }),
          coupon: z.string().max(64).optional(),
        }),
        response: { 201: checkoutResponseSchema, ...errorResponses(404, 409, 503) },
      },
      // Each checkout opens an order with the payment provider: a budget per student.
      config: {
        rateLimit: {
          max: deps.config.checkoutRateLimitPerMinute,
          timeWindow: "1 minute",
          keyGenerator: userOrClientKey,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      return reply.status(201).send(
        await startCheckout(deps, user.id, request.body.holdId, new Date(), {
          coupon: request.body.coupon,
        }),
      );
    },
  );
};
