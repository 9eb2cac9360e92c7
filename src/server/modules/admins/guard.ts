import type { FastifyInstance, FastifyRequest } from "fastify";
import { ADMIN_SESSION_HOURS, RECENT_SIGN_IN_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { requireUser, type SessionUser } from "../../plugins/auth.js";
import { isAdminEmail } from "./repository.js";

const signedInFor = (user: SessionUser) => Date.now() - Date.parse(user.signedInAt);

/** An admin whose sign-in is under ADMIN_SESSION_HOURS old: the one admin look-up of a request. */
async function verifyAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await isAdminEmail(request.server.deps.db, user.email))) {
    throw new AppError("FORBIDDEN", MESSAGES.notAuthorized);
  }
  if (signedInFor(user) > ADMIN_SESSION_HOURS * 3_600_000) {
    throw new AppError("ADMIN_SESSION_EXPIRED", ADMIN_MESSAGES.adminSessionExpired);
  }
  return user;
}

/**
 * The admin making this request, as the guard found them. Every /api/admin route has one; a route
 * elsewhere has none and is refused, so a handler moved out of /api/admin cannot act without a guard.
 */
export function adminOf(request: FastifyRequest): SessionUser {
  if (!request.admin) throw new AppError("FORBIDDEN", MESSAGES.notAuthorized);
  return request.admin;
}

/** An admin who signed in within RECENT_SIGN_IN_MINUTES: for changes to admins and refunds. */
export function recentAdminOf(request: FastifyRequest): SessionUser {
  const admin = adminOf(request);
  if (signedInFor(admin) > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new AppError("RECENT_SIGN_IN_REQUIRED", ADMIN_MESSAGES.recentSignInRequired);
  }
  return admin;
}

/** Whether this admin, as signed in for the request, may still use admin routes (for open streams). */
export async function stillAdmin(request: FastifyRequest, user: SessionUser): Promise<boolean> {
  return (
    signedInFor(user) <= ADMIN_SESSION_HOURS * 3_600_000 && (await isAdminEmail(request.server.deps.db, user.email))
  );
}

/**
 * Every admin route, present and future, refuses anonymous (401) and non-admin (403) callers
 * before anything else about the request is looked at, and puts the admin on the request for its
 * handler (`adminOf`). Matched on the route's pattern, not the raw URL, so an encoded path
 * (/api/%61dmin/...) that the router decodes is guarded too. Registered on the root by app.ts, before any route.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.decorateRequest("admin", null);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.url?.startsWith("/api/admin/")) request.admin = await verifyAdmin(request);
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the admin guard on /api/admin routes; null elsewhere. */
    admin: SessionUser | null;
  }
}
