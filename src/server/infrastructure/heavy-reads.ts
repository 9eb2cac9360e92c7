import type { FastifyRequest } from "fastify";
import pLimit, { type LimitFunction } from "p-limit";
import { AppError } from "../../shared/errors.js";
import { API_MESSAGES } from "../../shared/messages.js";

/**
 * The heaviest reads of the API (the student dashboard, the console's bookings and audit log) take
 * turns: at most HEAVY_READ_CONCURRENCY of them run at once in a process, and the others wait in arrival order before they read anything. Each one in flight holds its
 * rows and its answer across database round trips; ten of them at once had V8 promote that to the
 * old generation and grow it between collections, where four at a time keep the server as busy
 * (PostgreSQL's pipes still batch their statements) with fewer live objects
 * (docs/decisions/0449-heavy-reads-take-turns.md, docs/benchmarks.md, Scale). A request whose client
 * left while it waited is not run: its turn goes to the next. Insights is not one of them: requests
 * for one period already share one reading (modules/insights/service.ts).
 *
 * Files sent as they are read (the accountant's CSV) take turns in a lane of their own, half as wide:
 * each holds its turn until its last byte is sent, a year's file for about a second, and would hold
 * up the dashboards behind it. The student's data export, a download built whole before it is sent,
 * takes its turn there too: two of them in flight at once instead of four left PostgreSQL's server
 * 6–9 MB smaller at the same p99 (docs/decisions/0449-heavy-reads-take-turns.md, amended).
 */
export interface HeavyReads {
  /** Runs `read` in its turn. */
  run<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T>;
  /** Runs `read` in its turn in the files' lane: a download built whole before it is sent (the data export). */
  download<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T>;
  /** Streams what `open` yields once its turn in the files' lane comes, and frees the turn when it ends or the client leaves. */
  stream<T>(request: FastifyRequest, open: () => AsyncIterable<T>): AsyncGenerator<T>;
  /** Heavy reads and files running now, and waiting for their turn (`/metrics`). */
  readonly running: number;
  readonly waiting: number;
}

const clientLeft = (request: FastifyRequest) => request.raw.socket?.destroyed === true;
const left = () => new AppError("UNAVAILABLE", API_MESSAGES.clientLeft);

/** Waits for a turn of `limit`; the turn is held until `release` is called. */
function turnOf(limit: LimitFunction): Promise<() => void> {
  return new Promise((started) => {
    void limit(
      () =>
        new Promise<void>((release) => {
          started(release);
        }),
    );
  });
}

export function createHeavyReads(concurrency: number): HeavyReads {
  const reads = pLimit(concurrency);
  const files = pLimit(Math.ceil(concurrency / 2));
  return {
    run: (request, read) => reads(() => (clientLeft(request) ? Promise.reject(left()) : read())),
    download: (request, read) => files(() => (clientLeft(request) ? Promise.reject(left()) : read())),
    async *stream(request, open) {
      const release = await turnOf(files);
      try {
        if (clientLeft(request)) throw left();
        yield* open();
      } finally {
        release();
      }
    },
    get running() {
      return reads.activeCount + files.activeCount;
    },
    get waiting() {
      return reads.pendingCount + files.pendingCount;
    },
  };
}
