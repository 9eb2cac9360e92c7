import type { FastifyInstance } from "fastify";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";

/**
 * No field of ours holds U+0000, and PostgreSQL cannot store it in text (SQLite would): a request
 * carrying one in its path, query or body is refused alike on both databases, before any rule runs.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new AppError("VALIDATION", API_MESSAGES.invalidRequest);
    }
  });
}

/** Walks with a stack, not recursion: a body may be nested thousands deep. Raw bodies (the webhook's) are left alone. */
function hasNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (next !== null && typeof next === "object" && !ArrayBuffer.isView(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
