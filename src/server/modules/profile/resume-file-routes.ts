import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { RESUME_FILE_MESSAGES } from "../../../shared/recording-messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { RESUME_FILE_MAX_BYTES, resumeFileSchema } from "../../../shared/schemas/recordings.js";
import { requireUser } from "../../plugins/auth.js";
import { stillAdmin } from "../admins/guard.js";
import { RESUME_CONTENT_TYPE, readResumeFile, uploadResumeFile } from "./resume-file-service.js";

/** `/api/me/resume-file` (upload) and `/api/resume-files/:id` (read): resumes as PDF files. */
export const resumeFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Read whole (at most 5 MB): the bytes are checked as a PDF by their content before storing.
  app.addContentTypeParser(
    RESUME_CONTENT_TYPE,
    { parseAs: "buffer", bodyLimit: RESUME_FILE_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: RESUME_FILE_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.put(
    "/api/me/resume-file",
    {
      bodyLimit: RESUME_FILE_MAX_BYTES,
      schema: {
        tags: ["session"],
        summary: "Uploads the student's resume as a PDF (at most 5 MB); it becomes the resume interviewers see",
        consumes: [RESUME_CONTENT_TYPE],
        response: { 200: resumeFileSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError("UNSUPPORTED_MEDIA", RESUME_FILE_MESSAGES.notPdf);
      return uploadResumeFile(deps, user, request.body);
    },
  );

  app.get(
    "/api/resume-files/:id",
    {
      schema: {
        tags: ["session"],
        summary: "A resume PDF: for its student, their interviewers and admins",
        params: z.object({ id: z.string().min(1).max(64) }),
        produces: [RESUME_CONTENT_TYPE],
        response: { 200: z.unknown().describe("The PDF"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await readResumeFile(deps, user, await stillAdmin(request, user), request.params.id);
      return reply
        .type(RESUME_CONTENT_TYPE)
        .header("content-length", file.sizeBytes)
        .header("cache-control", "private, no-store")
        .header("content-disposition", 'inline; filename="resume.pdf"')
        .send(file.stream);
    },
  );
};
