import type { FastifyRequest } from "fastify";
import pLimit from "p-limit";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";

/**
 * The heaviest reads of the API (the student dashboard, the console's bookings and audit log, the
 * data export) take turns: at most HEAVY_READ_CONCURRENCY of them run at once in a process,
 * and the others wait in arrival order before they read anything. Each one in flight holds its
 * rows and its answer across database round trips; ten of them at once had V8 promote that to the
 * old generation and grow it between collections, where four at a time keep the server as busy
 * (PostgreSQL's pipes still batch their statements) with fewer live objects
 * (docs/decisions/0449-heavy-reads-take-turns.md, docs/benchmarks.md, Scale). A request whose client
 * left while it waited is not run: its turn goes to the next. Insights is not one of them: requests
 * for one period already share one reading (modules/insights/service.ts).
 */
export interface HeavyReads {
  /** Runs `read` in its turn. */
  run<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T>;
  /** Heavy reads running now, and waiting for their turn (`/metrics`). */
  readonly running: number;
  readonly waiting: number;
}

export function createHeavyReads(concurrency: number): HeavyReads {
  const limit = pLimit(concurrency);
  return {
    run: (request, read) =>
      limit(() =>
        request.raw.socket?.destroyed ? Promise.reject(new AppError("UNAVAILABLE", API_MESSAGES.clientLeft)) : read(),
      ),
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
