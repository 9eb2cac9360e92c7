import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  couponInputSchema,
  couponSchema,
  couponsPageSchema,
  priceQuoteSchema,
} from "../../../shared/schemas/coupons.js";
import { pageQuerySchema } from "../../../shared/schemas/pagination.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { userOrClientKey } from "../../plugins/rate-limit.js";
import { adminOf } from "../admins/guard.js";
import { createCoupon, listCoupons, quoteForHold, setCouponActiveAsAdmin } from "./service.js";

const idParams = z.object({ id: z.string().min(1) });

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/api/admin/coupons",
    {
      schema: {
        operationId: "createCoupon",
        tags: ["admin", "coupons"],
        summary: "Create a coupon: a percentage or an amount off, optionally limited in uses, dates and packages",
        body: couponInputSchema,
        response: { 201: couponSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await createCoupon(deps, admin.email, request.body));
    },
  );

  app.get(
    "/api/admin/coupons",
    {
      schema: {
        operationId: "listCoupons",
        tags: ["admin", "coupons"],
        summary: "Coupons with their use, newest first, a page at a time",
        querystring: pageQuerySchema,
        response: { 200: couponsPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      return listCoupons(deps, request.query);
    },
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["activate", true],
  ] as const) {
    app.post(
      `/api/admin/coupons/:id/${action}`,
      {
        schema: {
          operationId: `${action}Coupon`,
          tags: ["admin", "coupons"],
          summary: active ? "Let a coupon be redeemed again" : "Stop new redemptions of a coupon",
          params: idParams,
          response: { 200: couponSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        return setCouponActiveAsAdmin(deps, admin.email, request.params.id, active);
      },
    );
  }

  app.post(
    "/api/checkout/quote",
    {
      schema: {
        operationId: "quoteCheckout",
        security: signedIn,
        tags: ["booking", "coupons"],
        summary: "The price of your held seat with a coupon, before you proceed to payment",
        body: z.object({
          holdId: z.string({ message: MESSAGES.selectSlotFirst }).min(1, { message: MESSAGES.selectSlotFirst }),
          coupon: z.string().max(64).optional(),
        }),
        response: { 200: priceQuoteSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
      // Each answer says whether a code works: a budget per student, shared by every instance.
      config: {
        rateLimit: {
          max: deps.config.couponQuoteRateLimitPerHour,
          timeWindow: "1 hour",
          keyGenerator: userOrClientKey,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request, MESSAGES.signInToReserve);
      return quoteForHold(deps, user.id, request.body.holdId, request.body.coupon);
    },
  );
};
