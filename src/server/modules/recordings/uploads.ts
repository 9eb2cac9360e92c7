import type { IncomingMessage } from "node:http";
import type { Server } from "@tus/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, type ErrorCode } from "../../../shared/errors.js";
import { RECORDING_MESSAGES } from "../../../shared/recording-messages.js";
import { errorResponses } from "../../../shared/schemas/api-error.js";
import { RECORDING_UPLOAD_PATH } from "../../../shared/schemas/recordings.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../plugins/auth.js";
import { uploadStagingOf } from "./staging.js";
import {
  finishUpload,
  grantUpload,
  requireOwnUpload,
  requireWebmStart,
  startUpload,
  type UploadGrant,
} from "./upload-service.js";

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

async function createTusServer(deps: AppDeps, grants: WeakMap<IncomingMessage, UploadGrant>): Promise<Server> {
  const [{ Server }, staging] = await Promise.all([import("@tus/server"), uploadStagingOf(deps)]);
  return new Server({
    path: RECORDING_UPLOAD_PATH,
    datastore: staging.datastore,
    maxSize: deps.config.recordings.maxBytes,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const grant = grants.get((req as TusRequest).runtime?.node?.req as IncomingMessage);
      if (!grant) throw tusError(new AppError("FORBIDDEN", RECORDING_MESSAGES.notYours));
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

const TUS_ERROR_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  410: "NOT_FOUND",
  412: "BAD_REQUEST",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA",
};

/**
 * tus refusals (plain text from the protocol's server) answered in our one error shape, with the
 * status and the tus headers (Tus-Resumable, Upload-Offset…) the client's resuming relies on kept.
 */
export async function inOurErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  const ours = text.startsWith('{"error"');
  const tusWords = text.trim();
  const serverSide = response.status >= 500;
  const body = ours
    ? text
    : JSON.stringify({
        error: {
          code: serverSide ? "INTERNAL" : (TUS_ERROR_CODES[response.status] ?? "BAD_REQUEST"),
          message: serverSide
            ? RECORDING_MESSAGES.uploadFailedOnServer
            : (RECORDING_MESSAGES.tusRefusals[response.status] ?? tusWords),
          ...(serverSide || !tusWords ? {} : { details: { tus: tusWords } }),
        },
      });
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("content-length", String(Buffer.byteLength(body)));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The first bytes of a request's body, put back for whoever reads the body next. */
function peekBody(stream: IncomingMessage, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const taken: Buffer[] = [];
    let size = 0;
    const finish = () => {
      stream.off("readable", take);
      stream.off("end", finish);
      stream.off("error", reject);
      const head = Buffer.concat(taken);
      if (head.length > 0) stream.unshift(head);
      resolve(head);
    };
    const take = () => {
      for (let chunk = stream.read(); chunk !== null; chunk = size < bytes ? stream.read() : null) {
        taken.push(chunk);
        size += chunk.length;
      }
      if (size >= bytes) finish();
    };
    stream.on("readable", take);
    stream.once("end", finish);
    stream.once("error", reject);
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
  // Made with the first upload, with the tus packages (docs/decisions/0447-recordings-loaded-with-the-first-upload.md).
  let tus: Promise<[Server, typeof import("srvx/node")]> | undefined;
  // tus reads the request body itself, as it arrives.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  // Our own refusals before tus (session, booking) carry the protocol's version header too.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("tus-resumable", "1.0.0");
  });

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    tus ??= Promise.all([createTusServer(deps, grants), import("srvx/node")]);
    const [server, { NodeRequest, sendNodeResponse }] = await tus;
    reply.hijack();
    const response = await server.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    if (response.status >= 500) request.log.error({ status: response.status }, "recording upload failed");
    await sendNodeResponse(reply.raw, await inOurErrorShape(response));
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
    if (request.method === "PATCH" && request.headers["upload-offset"] === "0") {
      await requireWebmStart(deps, row, await peekBody(request.raw, 4));
    }
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
