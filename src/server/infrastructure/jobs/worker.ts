import type { FastifyInstance } from "fastify";
import { createJobRunner, type JobHandlers } from "./queue.js";

/** Starts this process's job worker (JOBS_ENABLED=false leaves it to other processes). */
export function startJobWorker(app: FastifyInstance, handlers: JobHandlers): void {
  if (!app.deps.config.jobsEnabled) return;
  const runner = createJobRunner(app.deps, handlers);
  runner.start();
  app.deps.stoppers.push(() => runner.stop());
}
