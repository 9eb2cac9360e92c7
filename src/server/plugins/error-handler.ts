import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ApiErrorBody, AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import { encode, type Pages } from "./pages.js";

/** One JSON error shape for every failure; 5xx details stay in the log, never in the response. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "RATE_LIMITED" && error.details) reply.header("retry-after", String(error.details));
      const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
      if (error.field) body.error.field = error.field;
      if (error.code !== "RATE_LIMITED" && error.details && typeof error.details === "object")
        body.error.details = error.details;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
      const message = first?.message ?? API_MESSAGES.invalidRequest;
      return reply.status(400).send({ error: { code: "VALIDATION", message, ...(field ? { field } : {}) } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      // The rate-limit plugin's answer already says how long to wait (built in app.ts).
      const message =
        (error as { error?: { message?: string } }).error?.message ?? API_MESSAGES.rateLimited("a minute");
      return reply.status(429).send({ error: { code: "RATE_LIMITED", message } });
    }
    if (status >= 400 && status < 500) {
      const code =
        status === 404
          ? "NOT_FOUND"
          : status === 401
            ? "UNAUTHENTICATED"
            : status === 403
              ? "FORBIDDEN"
              : "BAD_REQUEST";
      const message =
        status === 413
          ? API_MESSAGES.tooLarge
          : status === 415
            ? API_MESSAGES.unsupportedContentType
            : status === 400
              ? API_MESSAGES.unreadable
              : error.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: { code: "INTERNAL", message: API_MESSAGES.internal } });
  });
}

/**
 * Errors the router raises before any hook or the error handler runs (a path that is not valid
 * percent-encoding, a path segment over the router's length limit): the same JSON shape.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? API_MESSAGES.tooLarge : API_MESSAGES.unreadable;
  void reply.status(status).send({ error: { code: "BAD_REQUEST", message } });
}

/**
 * Unknown API paths and files get a JSON 404; any other GET gets the single-page app's shell
 * (when built), whose router shows the page or sends unknown paths to /.
 */
export function registerNotFound(app: FastifyInstance, pages: Pages | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !url.startsWith("/api/") && !/\.[a-z0-9]+$/i.test(url);
    if (pages && isPage) {
      const { body, encoding } = encode(pages.forPath(url), request.headers["accept-encoding"]);
      if (encoding) reply.header("content-encoding", encoding);
      return reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html").send(body);
    }
    return reply.status(404).send({ error: { code: "NOT_FOUND", message: API_MESSAGES.noRoute(request.method, url) } });
  });
}
