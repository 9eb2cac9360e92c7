import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  profileResponseSchema,
  profileSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from "../../../shared/schemas/booking.js";
import { resumeInputSchema } from "../../../shared/schemas/dashboard.js";
import { signedIn } from "../../plugins/api-document.js";
import { requireUser } from "../../plugins/auth.js";
import { userOrClientKey } from "../../plugins/rate-limit.js";
import { deleteResume, saveResumeUrl } from "./repository.js";
import { readProfile, saveProfile, sendOtp, verifyOtp } from "./service.js";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    "/api/profile",
    {
      schema: {
        operationId: "getProfile",
        security: signedIn,
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
        operationId: "saveProfile",
        security: signedIn,
        tags: ["profile"],
        summary: "Finish the profile (needs a confirmed payment and a verified phone)",
        body: profileSchema,
        response: { 200: profileResponseSchema, ...errorResponses(409) },
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
        operationId: "sendPhoneCode",
        security: signedIn,
        tags: ["profile"],
        summary: "Send a 6-digit code to a phone by SMS",
        body: sendOtpSchema,
        response: { 200: z.object({ expiresAt: z.string() }), ...errorResponses(409, 503) },
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
        operationId: "verifyPhoneCode",
        security: signedIn,
        tags: ["profile"],
        summary: "Verify the code sent to a phone",
        body: verifyOtpSchema,
        response: { 200: z.object({ verified: z.literal(true) }), ...errorResponses(409) },
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

  app.put(
    "/api/me/resume",
    {
      schema: {
        operationId: "setResumeLink",
        security: signedIn,
        tags: ["dashboard"],
        summary: "Saves (or, with an empty link, removes) the link to the student's resume",
        body: resumeInputSchema,
        response: { 200: z.object({ url: z.string().nullable() }) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { url } = request.body;
      if (url === "") await deleteResume(app.deps.db, user.id);
      else await saveResumeUrl(app.deps.db, user.id, url, new Date().toISOString());
      return { url: url || null };
    },
  );
};
