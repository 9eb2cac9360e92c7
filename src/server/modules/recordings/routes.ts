import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import {
  CAPTIONS_CONTENT_TYPE,
  CAPTIONS_MAX_BYTES,
  recordingAnswerSchema,
  recordingBookingParamsSchema,
  recordingConsentSchema,
  recordingParamsSchema,
  recordingsSchema,
} from "../../../shared/schemas/recordings.js";
import { requireUser } from "../../plugins/auth.js";
import { stillAdmin } from "../admins/guard.js";
import { readCaptions, saveCaptions } from "./captions.js";
import {
  answerConsent,
  askToRecord,
  deleteReplay,
  findPlayableRecording,
  listRecordings,
  type ReplayViewer,
  readConsent,
  stopRecording,
} from "./service.js";

async function viewerOf(request: FastifyRequest): Promise<ReplayViewer> {
  const user = await requireUser(request);
  return { user, isAdmin: await stillAdmin(request, user) };
}

/** `bytes=START-END`, `bytes=START-` or `bytes=-SUFFIX`: one range, as a player asks while seeking. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  const [, from = "", to = ""] = match ?? [];
  if (!match || (from === "" && to === "")) throw new AppError("RANGE_NOT_SATISFIABLE", RECORDING_MESSAGES.badRange);
  const start = from === "" ? Math.max(size - Number(to), 0) : Number(from);
  const end = from === "" || to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start > end || start >= size) throw new AppError("RANGE_NOT_SATISFIABLE", RECORDING_MESSAGES.badRange);
  return { start, end };
}

/** Consent in the room, the replay's recordings, and their files for the player. */
export const recordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const consentRoute = "/api/me/bookings/:id/recording-consent";

  app.get(
    consentRoute,
    {
      schema: {
        tags: ["recordings"],
        summary: "Whether the session may be recorded: asked by the interviewer, answered by the student",
        params: recordingBookingParamsSchema,
        response: { 200: recordingConsentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readConsent(deps, await requireUser(request), request.params.id);
    },
  );

  app.post(
    `${consentRoute}/ask`,
    {
      schema: {
        tags: ["recordings"],
        summary: "The interviewer asks the student to record the session (in the room's window)",
        params: recordingBookingParamsSchema,
        response: { 200: recordingConsentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => askToRecord(deps, await requireUser(request), request.params.id),
  );

  app.post(
    `${consentRoute}/answer`,
    {
      schema: {
        tags: ["recordings"],
        summary: "The student allows or declines recording, once",
        params: recordingBookingParamsSchema,
        body: recordingAnswerSchema,
        response: { 200: recordingConsentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => answerConsent(deps, await requireUser(request), request.params.id, request.body.accept),
  );

  app.post(
    `${consentRoute}/stop`,
    {
      schema: {
        tags: ["recordings"],
        summary: "Either person stops recording for both; each browser sends its last bytes",
        params: recordingBookingParamsSchema,
        response: { 200: recordingConsentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => stopRecording(deps, await requireUser(request), request.params.id),
  );

  app.get(
    "/api/me/bookings/:id/recordings",
    {
      schema: {
        tags: ["recordings"],
        summary: "The session's recordings, one per person, with where to play them (student, interviewer, admins)",
        params: recordingBookingParamsSchema,
        response: { 200: recordingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listRecordings(deps, await viewerOf(request), request.params.id);
    },
  );

  app.delete(
    "/api/me/bookings/:id/recordings",
    {
      schema: {
        tags: ["recordings"],
        summary: "Deletes the session's replay, both people's recordings (the student)",
        params: recordingBookingParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteReplay(deps, await viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  registerMediaRoute(app);
  registerCaptionRoutes(app);
};

/** A recording part's WebVTT captions, for the player's `<track>` (off until the viewer picks them). */
function registerCaptionRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const { deps } = app;
  app.addContentTypeParser(
    CAPTIONS_CONTENT_TYPE,
    { parseAs: "string", bodyLimit: CAPTIONS_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  const url = "/api/recordings/:recordingId/captions";
  app.put(
    url,
    {
      schema: {
        tags: ["recordings"],
        summary: "Adds or replaces a recording's captions (a WebVTT file, text/vtt)",
        params: recordingParamsSchema,
        consumes: [CAPTIONS_CONTENT_TYPE],
        body: z.string().describe("A WebVTT file"),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      await saveCaptions(deps, await viewerOf(request), request.params.recordingId, request.body);
      return reply.status(204).send(null);
    },
  );
  app.get(
    url,
    {
      schema: {
        tags: ["recordings"],
        summary: "A recording's captions as WebVTT",
        params: recordingParamsSchema,
        produces: [CAPTIONS_CONTENT_TYPE],
        response: { 200: z.unknown().describe("The WebVTT file"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const captions = await readCaptions(deps, await viewerOf(request), request.params.recordingId);
      return reply
        .type(`${CAPTIONS_CONTENT_TYPE}; charset=utf-8`)
        .header("cache-control", "private, no-store")
        .send(captions);
    },
  );
}

/** A recording's file, streamed from storage through our session check (either back end). */
function registerMediaRoute(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const { deps } = app;
  app.get(
    "/api/recordings/:recordingId/media",
    {
      schema: {
        tags: ["recordings"],
        summary: "A recording's WebM file, whole or by HTTP Range (206) so the player can seek",
        params: recordingParamsSchema,
        produces: ["video/webm"],
        response: {
          200: z.unknown().describe("The whole WebM file"),
          206: z.unknown().describe("The asked byte range of the WebM file"),
          ...errorResponses(400, 401, 403, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const file = await findPlayableRecording(deps, await viewerOf(request), request.params.recordingId);
      const range = parseRange(request.headers.range, file.size);
      reply
        .type(file.contentType)
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, no-store")
        .header("content-length", range ? range.end - range.start + 1 : file.size);
      if (range) reply.status(206).header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
      return reply.send(await deps.storage.read(file.storageKey, range));
    },
  );
}
