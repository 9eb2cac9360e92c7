import type { IncomingMessage } from "node:http";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { RECORDING_UPLOAD_PATH } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../plugins/auth.js";
import {
  finishUpload,
  grantUpload,
  requireOwnUpload,
  requireWebmSoFar,
  stagingDirOf,
  startUpload,
  type UploadGrant,
} from "./service.js";

/** Fastify's raw request as tus sees it inside its hooks (srvx's Node request). */
type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

/** The tus error answer in our one error shape (src/shared/errors.ts). */
function tusError(err: unknown): { status_code: number; body: string } {
  if (err instanceof AppError) {
    return { status_code: err.status, body: JSON.stringify({ error: { code: err.code, message: err.message } }) };
  }
  throw err;
}

/** `Upload-Metadata: bookingId <base64>,…` (the tus protocol's creation extension). */
function bookingIdOf(request: FastifyRequest): string {
  const header = request.headers["upload-metadata"];
  for (const pair of (typeof header === "string" ? header : "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key === "bookingId" && value) return Buffer.from(value, "base64").toString("utf8");
  }
  throw new AppError("VALIDATION", RECORDING_MESSAGES.badMetadata, { field: "bookingId" });
}

function createTusServer(deps: AppDeps, grants: WeakMap<IncomingMessage, UploadGrant>): Server {
  return new Server({
    path: RECORDING_UPLOAD_PATH,
    datastore: new FileStore({ directory: stagingDirOf(deps) }),
    maxSize: deps.config.recordings.maxBytes,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const grant = grants.get((req as TusRequest).runtime?.node?.req as IncomingMessage);
      if (!grant) throw { status_code: 403, body: RECORDING_MESSAGES.notYours };
      await startUpload(deps, grant, upload.id).catch((err: unknown) => {
        throw tusError(err);
      });
      return {};
    },
    async onUploadFinish(_req, upload) {
      await finishUpload(deps, upload.id).catch((err: unknown) => {
        throw tusError(err);
      });
      return {};
    },
  });
}

const uploadParams = z.object({ uploadId: z.string().regex(/^[0-9a-f]{32}$/) });

/**
 * The recordings' resumable uploads: the tus protocol (tus.io, 1.0.0 with creation and
 * creation-defer-length) served by `@tus/server`, each request let in by our session first.
 */
export const recordingUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const grants = new WeakMap<IncomingMessage, UploadGrant>();
  const tus = createTusServer(deps, grants);
  // tus reads the request body itself, as it arrives.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.post(
    RECORDING_UPLOAD_PATH,
    {
      schema: {
        tags: ["recordings"],
        summary: "Starts a recording's resumable upload (tus creation; Upload-Metadata names the session)",
        response: { 201: z.null(), ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      grants.set(request.raw, await grantUpload(deps, user, bookingIdOf(request)));
      await handOver(request, reply);
    },
  );

  const continueUpload = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await requireUser(request);
    const row = await requireOwnUpload(deps, user, (request.params as { uploadId: string }).uploadId);
    if (request.method === "PATCH") await requireWebmSoFar(deps, row);
    await handOver(request, reply);
  };
  for (const [method, summary] of [
    ["HEAD", "Tells how much of an upload arrived (tus 1.0.0)"],
    ["PATCH", "Adds the next bytes of an upload at its offset (tus 1.0.0)"],
  ] as const) {
    app.route({
      method,
      url: `${RECORDING_UPLOAD_PATH}/:uploadId`,
      schema: {
        tags: ["recordings"],
        summary,
        params: uploadParams,
        response: { 200: z.null(), 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
      handler: continueUpload,
    });
  }
};
