import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/messages.js";
import {
  checkoutResponseSchema,
  devCheckoutSchema,
  holdSchema,
  paymentResultSchema,
  takeHoldSchema,
  verifyPaymentSchema,
} from "../../../shared/schemas/booking.js";
import { requireUser, sessionOrIpKey } from "../../plugins/auth.js";
import { releaseHold, takeHold } from "../holds/service.js";
import { startCheckout } from "./checkout-service.js";
import {
  abandonCheckout,
  failDevCheckout,
  findDevCheckout,
  handleWebhook,
  payDevCheckout,
  verifyCheckout,
} from "./payment-service.js";

const idParams = z.object({ id: z.string().min(1) });

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    "/api/holds",
    {
      schema: {
        tags: ["booking"],
        summary: "Hold one seat for 10 minutes (releases your previous hold of the same kind)",
        body: takeHoldSchema,
        response: { 201: holdSchema },
      },
      config: {
        rateLimit: { max: deps.config.holdRateLimitPerMinute, timeWindow: "1 minute", keyGenerator: sessionOrIpKey },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      return reply.status(201).send(await takeHold(deps, user.id, request.body));
    },
  );

  const release = async (userId: string, id: string) => releaseHold(deps, userId, id);
  app.delete(
    "/api/holds/:id",
    { schema: { tags: ["booking"], summary: "Release your hold", params: idParams } },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      await release(user.id, request.params.id);
      return reply.status(204).send();
    },
  );
  // navigator.sendBeacon can only POST: the same release, for a page being left.
  app.post(
    "/api/holds/:id/release",
    { schema: { tags: ["booking"], summary: "Release your hold (for sendBeacon on page leave)", params: idParams } },
    async (request, reply) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      await release(user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/checkout",
    {
      schema: {
        tags: ["booking"],
        summary: "Proceed to payment: turn your hold into a pending booking and open a payment order",
        body: z.object({
          holdId: z.string({ message: MESSAGES.selectSlotFirst }).min(1, { message: MESSAGES.selectSlotFirst }),
          coupon: z.string().max(64).optional(),
        }),
        response: { 201: checkoutResponseSchema },
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

  app.post(
    "/api/payments/verify",
    {
      schema: {
        tags: ["payments"],
        summary: "Checkout callback: verify the provider's signature and confirm the booking",
        body: verifyPaymentSchema,
        response: { 200: paymentResultSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return verifyCheckout(deps, user.id, request.body);
    },
  );

  app.post(
    "/api/payments/abandon",
    {
      schema: {
        tags: ["payments"],
        summary: "The student closed the checkout: release the seat",
        body: z.object({ orderId: z.string().min(1) }),
        response: { 200: paymentResultSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return abandonCheckout(deps, user.id, request.body.orderId);
    },
  );

  app.get(
    "/api/payments/dev/:id",
    {
      schema: {
        tags: ["payments"],
        summary: "Test-mode checkout: the payment to show",
        params: idParams,
        response: { 200: devCheckoutSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return findDevCheckout(deps, user.id, request.params.id);
    },
  );
  app.post(
    "/api/payments/dev/:id/pay",
    {
      schema: {
        tags: ["payments"],
        summary: "Test-mode checkout: pay",
        params: idParams,
        response: { 200: paymentResultSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return payDevCheckout(deps, user.id, request.params.id);
    },
  );
  app.post(
    "/api/payments/dev/:id/fail",
    {
      schema: {
        tags: ["payments"],
        summary: "Test-mode checkout: fail the payment",
        params: idParams,
        response: { 200: paymentResultSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return failDevCheckout(deps, user.id, request.params.id);
    },
  );

  // The webhook's signature is over the exact bytes sent, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post(
      "/api/payments/razorpay/webhook",
      {
        schema: {
          tags: ["payments"],
          summary: "Razorpay webhook (payment.captured and order.paid confirm; other events are acknowledged)",
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        return handleWebhook(deps, String(request.body ?? ""), {
          signature: header("x-razorpay-signature"),
          eventId: header("x-razorpay-event-id"),
        });
      },
    );
  });
};
