import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { interviewerInputSchema, interviewerSchema } from "../../../shared/schemas/interviewers.js";
import { adminOf } from "../admins/guard.js";
import { findAllInterviewers, toInterviewerDto } from "./repository.js";
import { addInterviewer, editInterviewer, removeInterviewer, toggleInterviewer } from "./service.js";

const params = z.object({ id: z.string().min(1) });

export const interviewerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    "/api/admin/interviewers",
    {
      schema: {
        operationId: "listInterviewers",
        tags: ["admin"],
        summary: "Interviewers ordered by name",
        response: { 200: z.object({ interviewers: z.array(interviewerSchema) }) },
      },
    },
    async () => {
      return { interviewers: (await findAllInterviewers(deps.db)).map(toInterviewerDto) };
    },
  );
  app.post(
    "/api/admin/interviewers",
    {
      schema: {
        operationId: "createInterviewer",
        tags: ["admin"],
        summary: "Add an interviewer (409 DUPLICATE_PHONE unless overwrite)",
        body: interviewerInputSchema,
        response: { 201: interviewerSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return reply.status(201).send(await addInterviewer(deps, admin.email, request.body));
    },
  );
  app.put(
    "/api/admin/interviewers/:id",
    {
      schema: {
        operationId: "updateInterviewer",
        tags: ["admin"],
        summary: "Edit an interviewer",
        params,
        body: interviewerInputSchema,
        response: { 200: interviewerSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return editInterviewer(deps, admin.email, request.params.id, request.body);
    },
  );
  app.post(
    "/api/admin/interviewers/:id/toggle",
    {
      schema: {
        operationId: "toggleInterviewer",
        tags: ["admin"],
        summary: "Switch an interviewer between Active and Inactive",
        params,
        response: { 200: interviewerSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return toggleInterviewer(deps, admin.email, request.params.id);
    },
  );
  app.delete(
    "/api/admin/interviewers/:id",
    {
      schema: {
        operationId: "deleteInterviewer",
        response: { 204: z.null(), ...errorResponses(404, 409) },
        tags: ["admin"],
        summary: "Delete an interviewer",
        params,
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      await removeInterviewer(deps, admin.email, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
