import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dashboardSchema, resumeInputSchema } from "../../../shared/schemas/dashboard.js";
import { requireUser } from "../../plugins/auth.js";
import { deleteResume, saveResumeUrl } from "./repository.js";
import { getDashboard } from "./service.js";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The signed-in student's sessions, scorecards, certificates, stats and goals",
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("cache-control", "no-store");
      return getDashboard(app.deps, user);
    },
  );

  app.put(
    "/api/me/resume",
    {
      schema: {
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
