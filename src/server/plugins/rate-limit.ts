import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_MESSAGES } from "../../shared/messages.js";
import { deleteEndedWindows } from "../infrastructure/rate-limit/repository.js";
import { databaseStore } from "../infrastructure/rate-limit/store.js";
import { findSessionUser } from "./auth.js";

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Rate limits counted in the database, so all instances share one budget; routes opt in with
 * `config.rateLimit` (docs/decisions/0110-rate-limits-in-the-database.md).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: "RATE_LIMITED", message: API_MESSAGES.rateLimited(context.after) },
    }),
  });
  const sweep = setInterval(() => {
    deleteEndedWindows(db, Date.now()).catch((err: unknown) => app.log.warn({ err }, "rate-limit sweep failed"));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.deps.stoppers.push(() => clearInterval(sweep));
}

/**
 * The client's address as Fastify resolved it under TRUST_PROXY (so a forged X-Forwarded-For
 * from outside the trusted proxies changes nothing); IPv6 clients by their /64, as one household
 * or phone gets a whole /64.
 */
export function clientKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip, 64)}`;
}

/**
 * For routes used signed in: the verified user, so students behind one campus NAT each have their
 * own budget and no cookie can buy a fresh one; the client address when signed out.
 */
export async function userOrClientKey(request: FastifyRequest): Promise<string> {
  const user = await findSessionUser(request);
  return user ? `user:${user.id}` : clientKey(request);
}
