import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES, MESSAGES } from "../../shared/messages.js";
import { isAdminEmail } from "../modules/admins/repository.js";
import type { EventBus } from "../modules/events/bus.js";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return headers;
}

/**
 * Rate-limit key: the session (so students behind one campus NAT do not share a budget), else the
 * client address. Read from the cookie, because limits run before the session is looked up.
 */
export function sessionOrIpKey(request: FastifyRequest): string {
  const token = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
  return token ? `session:${token}` : `ip:${request.ip}`;
}

const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { user: SessionUser; until: number }>();

const sessionCookie = (request: FastifyRequest) =>
  /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]+)/.exec(request.headers.cookie ?? "")?.[1];
const cacheKey = (cookie: string) => createHash("sha256").update(cookie).digest("base64url");

/**
 * The signed-in user of this request, or null. A verified session is remembered in this process for
 * up to 30 s (never past its expiry), because looking it up costs more than most requests it
 * guards; signing out forgets it in every process at once (see registerAuthHandler).
 */
export async function findSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const cookie = sessionCookie(request);
  if (!cookie) {
    request.sessionUser = null;
    return null;
  }
  const key = cacheKey(cookie);
  const cached = sessionCache.get(key);
  if (cached && cached.until > Date.now()) {
    request.sessionUser = cached.user;
    return cached.user;
  }
  const result = await request.server.deps.auth.api.getSession({ headers: toHeaders(request) });
  const user = result
    ? {
        id: result.user.id,
        email: result.user.email.toLowerCase(),
        name: result.user.name,
        image: result.user.image ?? null,
      }
    : null;
  request.sessionUser = user;
  if (result && user) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    const until = Math.min(Date.now() + SESSION_CACHE_MS, new Date(result.session.expiresAt).getTime());
    sessionCache.set(key, { user, until });
  } else {
    sessionCache.delete(key);
  }
  return user;
}

/** After a change to the user record (a new name), the next request reads it afresh. */
export function forgetCachedSessionsOf(userId: string): void {
  for (const [key, entry] of sessionCache) if (entry.user.id === userId) sessionCache.delete(key);
}

/** Forgets cached sessions when one is revoked here or in another process. */
export function forgetRevokedSessions(bus: EventBus): () => void {
  return bus.subscribe((event) => {
    if (event.topic === "session_revoked") sessionCache.delete(event.key);
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

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await isAdminEmail(request.server.deps.db, user.email))) {
    throw new AppError("FORBIDDEN", MESSAGES.notAuthorized);
  }
  return user;
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
    for (const [key, value] of response.headers) {
      if (key !== "set-cookie") reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    return reply.send(response.body ? await response.text() : null);
  };

  // Every admin route, present and future, refuses anonymous (401) and non-admin (403) callers
  // before anything else about the request is looked at.
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/admin/")) await requireAdmin(request);
  });

  app.route({ method: ["GET", "POST"], url: "/api/auth/*", schema: { hide: true }, handler: forward });
  app.deps.stoppers.push(forgetRevokedSessions(app.deps.bus));
  app.route({
    method: "POST",
    url: "/api/auth/sign-out",
    schema: { hide: true },
    async handler(request, reply) {
      const cookie = sessionCookie(request);
      const sent = await forward(request, reply);
      if (cookie) {
        sessionCache.delete(cacheKey(cookie));
        await app.deps.bus.publish({ topic: "session_revoked", key: cacheKey(cookie) });
      }
      return sent;
    },
  });
  app.route({
    method: "POST",
    url: "/api/auth/sign-in/magic-link",
    schema: { hide: true },
    config: { rateLimit: { max: app.deps.config.signInRateLimitPerMinute, timeWindow: "1 minute" } },
    handler: forward,
  });
}

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null | undefined;
  }
}
