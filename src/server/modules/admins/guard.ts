import type { FastifyInstance, FastifyRequest } from "fastify";
import { ADMIN_SESSION_HOURS, RECENT_SIGN_IN_MINUTES } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES, MESSAGES } from "../../../shared/messages.js";
import { requireUser, type SessionUser } from "../../plugins/auth.js";
import { isAdminEmail } from "./repository.js";

const signedInFor = (user: SessionUser) => Date.now() - Date.parse(user.signedInAt);

/** An admin whose sign-in is under ADMIN_SESSION_HOURS old. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!(await isAdminEmail(request.server.deps.db, user.email))) {
    throw new AppError("FORBIDDEN", MESSAGES.notAuthorized);
  }
  if (signedInFor(user) > ADMIN_SESSION_HOURS * 3_600_000) {
    throw new AppError("ADMIN_SESSION_EXPIRED", ADMIN_MESSAGES.adminSessionExpired);
  }
  return user;
}

/** Whether this admin, as signed in for the request, may still use admin routes (for open streams). */
export async function stillAdmin(request: FastifyRequest, user: SessionUser): Promise<boolean> {
  return (
    signedInFor(user) <= ADMIN_SESSION_HOURS * 3_600_000 && (await isAdminEmail(request.server.deps.db, user.email))
  );
}

/** An admin who signed in within RECENT_SIGN_IN_MINUTES: for changes to admins and refunds. */
export async function requireRecentAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireAdmin(request);
  if (signedInFor(user) > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new AppError("RECENT_SIGN_IN_REQUIRED", ADMIN_MESSAGES.recentSignInRequired);
  }
  return user;
}

/**
 * Every admin route, present and future, refuses anonymous (401) and non-admin (403) callers
 * before anything else about the request is looked at. Matched on the route's pattern, not the
 * raw URL, so an encoded path (/api/%61dmin/...) that the router decodes is guarded too.
 * Registered on the root by app.ts, before any route.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.url?.startsWith("/api/admin/")) await requireAdmin(request);
  });
}
