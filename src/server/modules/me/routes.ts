import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { meResponseSchema } from "../../../shared/schemas/session.js";
import { sessionOptional, signedIn } from "../../plugins/api-document.js";
import { findSessionUser, requireUser } from "../../plugins/auth.js";
import { isAdminEmail } from "../admins/index.js";
import { hasPaidBooking } from "../bookings/index.js";
import { isInterviewer } from "../interviewer-workspace/service.js";
import { erasePersonalDataOf, exportPersonalData } from "./data-rights-service.js";

/** The download's JSON: every table's rows about the student, dated (docs/product.md, Your data). */
const dataExportResponse = {
  description: "Everything CareerPrep holds about the student, as an attachment",
  content: { "application/json": { schema: z.looseObject({ exportedAt: z.string() }).or(z.string()) } },
};

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me",
    {
      schema: {
        operationId: "getMe",
        security: sessionOptional,
        tags: ["session"],
        summary: "The signed-in user (or null), admin and interviewer status and whether a booking is done",
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = await findSessionUser(request);
      if (!user) return { user: null, isAdmin: false, isInterviewer: false, bookingDone: false };
      const [isAdmin, interviewer, bookingDone] = await Promise.all([
        isAdminEmail(app.deps.db, user.email),
        isInterviewer(app.deps, user.email),
        hasPaidBooking(app.deps.db, user.id),
      ]);
      // The session's user carries better-auth's other columns; the answer names these four, so it is written as is.
      const { id, email, name, image } = user;
      return { user: { id, email, name, image: image ?? null }, isAdmin, isInterviewer: interviewer, bookingDone };
    },
  );

  app.get(
    "/api/me/export",
    {
      schema: {
        operationId: "exportMyData",
        security: signedIn,
        response: { 200: dataExportResponse },
        tags: ["session"],
        summary: "Everything CareerPrep holds about the signed-in student, as a JSON download",
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const data = await app.deps.heavyReads.download(request, () => exportPersonalData(app.deps, user));
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="careerprep-data-${data.exportedAt.slice(0, 10)}.json"`)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    "/api/me",
    {
      schema: {
        operationId: "deleteMyAccount",
        security: signedIn,
        tags: ["session"],
        summary: "Deletes the signed-in student's account and personal data; `confirm` is their e-mail address",
        body: z.object({ confirm: z.string().max(320) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await erasePersonalDataOf(app.deps, user, request.body.confirm);
      for (const name of [
        "better-auth.session_token",
        "__Secure-better-auth.session_token",
        "better-auth.session_data",
      ]) {
        reply.header(
          "set-cookie",
          `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
        );
      }
      return reply.status(204).send(null);
    },
  );
};
