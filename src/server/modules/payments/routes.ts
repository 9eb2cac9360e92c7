import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { devCheckoutSchema, paymentResultSchema, verifyPaymentSchema } from "../../../shared/schemas/booking.js";
import { razorpayWebhookEventSchema, razorpayWebhookHeadersSchema } from "../../../shared/schemas/razorpay-webhook.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import {
  abandonCheckout,
  failDevCheckout,
  findDevCheckout,
  handleWebhook,
  payDevCheckout,
  verifyCheckout,
} from "./service.js";

const idParams = z.object({ id: z.string().min(1) });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    "/api/payments/verify",
    {
      schema: {
        operationId: "verifyPayment",
        security: signedIn,
        tags: ["payments"],
        summary: "Checkout callback: verify the provider's signature and confirm the booking",
        body: verifyPaymentSchema,
        response: { 200: paymentResultSchema, ...errorResponses(404, 409) },
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
        operationId: "abandonPayment",
        security: signedIn,
        tags: ["payments"],
        summary: "The student closed the checkout: release the seat",
        body: z.object({ orderId: z.string().min(1) }),
        response: { 200: paymentResultSchema, ...errorResponses(404, 409) },
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
        operationId: "getTestCheckout",
        security: signedIn,
        tags: ["payments"],
        summary: "Test-mode checkout: the payment to show",
        params: idParams,
        response: { 200: devCheckoutSchema, ...errorResponses(404) },
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
        operationId: "payTestCheckout",
        security: signedIn,
        tags: ["payments"],
        summary: "Test-mode checkout: pay",
        params: idParams,
        response: { 200: paymentResultSchema, ...errorResponses(404, 409) },
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
        operationId: "failTestCheckout",
        security: signedIn,
        tags: ["payments"],
        summary: "Test-mode checkout: fail the payment",
        params: idParams,
        response: { 200: paymentResultSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return failDevCheckout(deps, user.id, request.params.id);
    },
  );

  await app.register(razorpayWebhookRoutes);
};

const webhookResultSchema = z.object({ status: z.enum(["processed", "duplicate", "ignored", "flagged"]) });

/** The webhook's signature is over the exact bytes sent, so this scope keeps the raw body. */
const razorpayWebhookRoutes: FastifyPluginAsyncZod = async (scope) => {
  const deps = scope.deps;
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
        operationId: "receiveRazorpayWebhook",
        tags: ["payments"],
        summary: "Razorpay webhook (payment.captured and order.paid confirm; other events are acknowledged)",
        response: { 200: webhookResultSchema },
        // Read raw (the signature covers the bytes), so described here, not validated by the router.
        documentedOnly: { body: razorpayWebhookEventSchema, headers: razorpayWebhookHeadersSchema },
      },
      // Razorpay's servers call it; its signature, not an origin, proves who sent it.
      config: { crossSiteWrites: true },
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
};
