import type { FastifyInstance } from "fastify";
import { REFUND_JOB, refundJob } from "../cancellations/refunds.js";
import { paymentProvider } from "../payments/provider.js";
import { REMINDER_JOB, runReminderJob } from "../reminders/service.js";
import { createJobRunner, type JobHandlers } from "./queue.js";

/** Every job type the queue runs, by name. */
export const jobHandlers: JobHandlers = {
  [REMINDER_JOB]: runReminderJob,
  // Refunds go through the configured payment provider (Razorpay, or the test-mode one).
  [REFUND_JOB]: refundJob((deps, request) => paymentProvider(deps.config).refund(request)),
};

/** Starts this process's job worker (JOBS_ENABLED=false leaves it to other processes). */
export function startJobWorker(app: FastifyInstance): void {
  if (!app.deps.config.jobsEnabled) return;
  const runner = createJobRunner(app.deps, jobHandlers);
  runner.start();
  app.deps.stoppers.push(() => runner.stop());
}
