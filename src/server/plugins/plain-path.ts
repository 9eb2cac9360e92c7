import type { FastifyInstance } from "fastify";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";

/** A segment URL parsing reads as "." or ".." (WHATWG URL: "%2e" is a dot there). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Whether a request path is already in the form every reader of it agrees on: no "." or ".."
 * segment (plain or percent-encoded), no empty segment between slashes, no backslash (which URL
 * parsing reads as a slash). The router matches paths as sent, while the URL parser that hands
 * `/api/auth/*` to better-auth resolves them, so `/api/auth/x/../sign-in/magic-link` would
 * reach the sign-in by a route without its limits; refused instead, every limit holds.
 */
export function isPlainPath(path: string): boolean {
  if (path.includes("\\")) return false;
  const segments = path.split("/").slice(1);
  const last = segments.length - 1;
  return segments.every((segment, index) => (segment === "" ? index === last : !DOT_SEGMENT.test(segment)));
}

/** The path of a request target: origin-form as sent, absolute-form from the slash after its host. */
export function targetPath(url: string): string {
  const path = url.split("?", 1)[0] ?? "";
  if (path.startsWith("/")) return path;
  const afterScheme = path.indexOf("://");
  const start = afterScheme === -1 ? -1 : path.indexOf("/", afterScheme + 3);
  return start === -1 ? "/" : path.slice(start);
}

/** Every request, before any route's limit or guard runs (docs/decisions/0311-paths-in-plain-form.md). */
export function refuseUnplainPaths(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!isPlainPath(targetPath(request.url))) throw new AppError("BAD_REQUEST", API_MESSAGES.pathNotPlain);
  });
}
