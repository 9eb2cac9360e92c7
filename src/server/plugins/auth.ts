import { createHash } from "node:crypto";
import { format } from "@lukeed/ms";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ApiErrorBody, AppError, type ErrorCode } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";
import type { SessionCache, SessionUser } from "../infrastructure/auth/session-cache.js";
import type { EventBus } from "../infrastructure/events/bus.js";

export type { SessionUser } from "../infrastructure/auth/session-cache.js";

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return headers;
}

/**
 * The session cookie better-auth reads (`__Secure-` prefixed on an https PUBLIC_URL), as `name=value`.
 * Undefined when absent or sent more than once, and the request counts as signed out: the cache and
 * the rate limits must key on the very cookie better-auth verifies, never on a look-alike beside it.
 */
function sessionCookie(request: FastifyRequest): string | undefined {
  const secure = request.server.deps.config.publicUrl.startsWith("https://");
  const name = `${secure ? "__Secure-" : ""}better-auth.session_token=`;
  const found = (request.headers.cookie ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(name));
  return found.length === 1 ? found[0] : undefined;
}
const cacheKey = (cookie: string) => createHash("sha256").update(cookie).digest("base64url");

/**
 * The signed-in user of this request, or null. A verified session is remembered by the app for up
 * to 30 s (never past its expiry), because looking it up costs more than most requests it guards;
 * a session ended anywhere is forgotten in every process at once (infrastructure/auth/revocation.ts).
 */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const cookie = sessionCookie(request);
  if (!cookie) {
    request.sessionUser = null;
    return null;
  }
  const key = cacheKey(cookie);
  const { authSessions: sessions } = request.server.deps;
  const cached = sessions.get(key);
  if (cached) {
    request.sessionUser = cached;
    return cached;
  }
  const result = await request.server.deps.auth.api.getSession({ headers: toHeaders(request) });
  const user = result
    ? {
        id: result.user.id,
        email: result.user.email.toLowerCase(),
        name: result.user.name,
        image: result.user.image ?? null,
        signedInAt: new Date(result.session.createdAt).toISOString(),
        sessionId: result.session.id,
      }
    : null;
  request.sessionUser = user;
  if (result && user) sessions.set(key, user, new Date(result.session.expiresAt).getTime());
  else sessions.delete(key);
  return user;
}

/** Forgets cached sessions when one is revoked here or in another process. */
function forgetRevokedSessions(bus: EventBus, sessions: SessionCache): () => void {
  return bus.subscribe((event) => {
    if (event.topic === "sessions_unsure") sessions.clear();
    if (event.topic === "session_revoked") sessions.endSessions(event.userId, event.sessionId);
  });
}

export async function requireUser(
  request: FastifyRequest,
  message: string = API_MESSAGES.signInRequired,
): Promise<SessionUser> {
  const user = await findSessionUser(request);
  if (!user) throw new AppError("UNAUTHENTICATED", message);
  return user;
}

const emailOf = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
};

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  429: "RATE_LIMITED",
};

/** better-auth refuses with `{ code, message }`; the API's clients get the one error shape (src/shared/errors.ts). */
function inOurErrorShape(status: number, text: string | undefined): ApiErrorBody {
  let message: unknown;
  try {
    message = (JSON.parse(text ?? "") as { message?: unknown } | null)?.message;
  } catch {
    message = undefined;
  }
  const code = CODE_OF_STATUS[status] ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
  const fallback = status >= 500 ? API_MESSAGES.internal : API_MESSAGES.invalidRequest;
  return { error: { code, message: typeof message === "string" && message ? message : fallback } };
}

/** Mounts better-auth's fetch handler under /api/auth; sending a sign-in link is rate-limited per client. */
export async function registerAuthHandler(app: FastifyInstance): Promise<void> {
  app.decorateRequest("sessionUser", undefined);

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, app.deps.config.publicUrl);
    const hasBody = request.method !== "GET" && request.body !== undefined && request.body !== null;
    const response = await app.deps.auth.handler(
      new Request(url, {
        method: request.method,
        headers: toHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    reply.status(response.status);
    const text = response.body ? await response.text() : undefined;
    const refusal = response.status >= 400 ? inOurErrorShape(response.status, text) : undefined;
    for (const [key, value] of response.headers) {
      if (key !== "set-cookie" && !(refusal && (key === "content-length" || key === "content-type"))) {
        reply.header(key, value);
      }
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    // A redirect has no body: none is sent (not a JSON `null`).
    return reply.send(refusal ?? text);
  };

  app.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler: forward });
  app.deps.stoppers.push(forgetRevokedSessions(app.deps.bus, app.deps.authSessions));
  const linksToAddress = app.createRateLimit({
    max: app.deps.config.signInEmailRateLimitPer15Minutes,
    timeWindow: "15 minutes",
    keyGenerator: (request) => `sign-in-email:${emailOf(request.body)}`,
  });
  app.route({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    schema: { hide: true },
    config: { rateLimit: { max: app.deps.config.signInRateLimitPerMinute, timeWindow: "1 minute" } },
    // Besides each client's budget, one inbox gets a few links however many clients ask for it.
    async preHandler(request) {
      if (!emailOf(request.body)) return;
      const limit = await linksToAddress(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError("RATE_LIMITED", API_MESSAGES.signInLinksPerAddress(format(limit.ttl, true)), {
          details: limit.ttlInSeconds,
        });
      }
    },
    handler: forward,
  });
}

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null | undefined;
  }
}
