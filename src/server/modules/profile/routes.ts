import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/messages.js";
import {
  profileResponseSchema,
  profileSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from "../../../shared/schemas/booking.js";
import { requireUser } from "../../plugins/auth.js";
import { userOrClientKey } from "../../plugins/rate-limit.js";
import { readProfile, saveProfile, sendOtp, verifyOtp } from "./service.js";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    "/api/profile",
    {
      schema: {
        tags: ["profile"],
        summary: "Your profile, verified phones and whether you have paid",
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request, MESSAGES.userNotAuthenticated);
      return readProfile(deps, user.id);
    },
  );

  app.put(
    "/api/profile",
    {
      schema: {
        tags: ["profile"],
        summary: "Finish the profile (needs a confirmed payment and a verified phone)",
        body: profileSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request, MESSAGES.userNotAuthenticated);
      await saveProfile(deps, user.id, request.body);
      return readProfile(deps, user.id);
    },
  );

  app.post(
    "/api/otp/send",
    {
      schema: {
        tags: ["profile"],
        summary: "Send a 6-digit code to a phone by SMS",
        body: sendOtpSchema,
        response: { 200: z.object({ expiresAt: z.string() }) },
      },
      config: {
        rateLimit: { max: deps.config.otpSendRateLimitPerHour, timeWindow: "1 hour", keyGenerator: userOrClientKey },
      },
    },
    async (request) => {
      const user = await requireUser(request, MESSAGES.userNotAuthenticated);
      return sendOtp(deps, user.id, request.body.phone);
    },
  );

  app.post(
    "/api/otp/verify",
    {
      schema: {
        tags: ["profile"],
        summary: "Verify the code sent to a phone",
        body: verifyOtpSchema,
        response: { 200: z.object({ verified: z.literal(true) }) },
      },
      config: {
        rateLimit: { max: deps.config.otpVerifyRateLimitPerHour, timeWindow: "1 hour", keyGenerator: userOrClientKey },
      },
    },
    async (request) => {
      const user = await requireUser(request, MESSAGES.userNotAuthenticated);
      await verifyOtp(deps, user.id, request.body.phone, request.body.code);
      return { verified: true as const };
    },
  );
};
