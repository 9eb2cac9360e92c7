import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { openStreamCount } from "./plugins/sse.js";

/** SIGTERM ends the process within this, always (docs/decisions/0302-shutdown-always-ends.md). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** In-flight requests may finish for this long; then every connection still open is closed. */
export const SHUTDOWN_GRACE_MS = 5_000;
/** A second signal sooner than this is the same one, delivered twice (to the process group and by the wrapper). */
const REPEATED_SIGNAL_MS = 1_000;
/** If the main thread cannot run its own deadline (blocked in a system call), a thread of its own ends it after this. */
const BACKSTOP_MS = SHUTDOWN_DEADLINE_MS + 1_000;

/** What keeps the process alive, by kind (`TCPSocketWrap`, `Timeout`, …): what an operator reads when a stop overran. */
export function openResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/**
 * SIGTERM and SIGINT close the app: live streams end, in-flight requests get SHUTDOWN_GRACE_MS, then every
 * connection is closed, the job workers stop and the process exits. Whatever holds it up, it exits at
 * SHUTDOWN_DEADLINE_MS logging what was still open; a second Ctrl-C exits at once, logging the same.
 */
export function stopOnSignals(app: FastifyInstance): void {
  let closing = false;
  const exitNow = (reason: string) => {
    app.log.error({ open: openResources(), streams: openStreamCount(app.deps.bus) }, reason);
    process.exit(1);
  };
  let closingSince = 0;
  const shutdown = async (signal: NodeJS.Signals) => {
    // A signal to the process group (Ctrl-C in a terminal, a group SIGTERM) reaches the server twice, once more
    // through `npm start`'s wrapper: only a Ctrl-C pressed again later means "now"; the deadline ends the rest.
    if (closing && signal === "SIGINT" && Date.now() - closingSince > REPEATED_SIGNAL_MS) {
      return exitNow("SIGINT again while shutting down: exiting now");
    }
    if (closing) return;
    closing = true;
    closingSince = Date.now();
    app.log.info({ signal }, "shutting down: ending streams, finishing in-flight requests");
    setTimeout(() => exitNow("shutdown took longer than 10 s: exiting with these still open"), SHUTDOWN_DEADLINE_MS);
    startBackstop();
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await failAsTestAsks(app.deps.config);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/**
 * How a shutdown can fail, to prove the deadlines (TEST_CRASH_AT, honoured only with NODE_ENV=test): something that
 * never settles, or a main thread blocked in a system call.
 */
async function failAsTestAsks(config: Config): Promise<void> {
  if (config.testCrashAt === "shutdown-stalls") await new Promise(() => undefined);
  if (config.testCrashAt === "shutdown-blocks") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

/**
 * A main thread stuck in a system call (a write to a log pipe nobody reads) runs no timer, so its deadline would
 * never come; this thread of its own writes one line and kills the process. It keeps nothing alive (`unref`).
 */
function startBackstop(): void {
  const source = `
    setTimeout(() => {
      require("node:fs").writeSync(2, "shutdown overran ${BACKSTOP_MS} ms and the main thread did not answer: killed\\n");
      process.kill(${process.pid}, "SIGKILL");
    }, ${BACKSTOP_MS});
  `;
  new Worker(source, { eval: true }).unref();
}
