import type { FastifyInstance } from "fastify";
import { deleteExpiredRecordings } from "./service.js";

const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Hourly: recordings past `RECORDING_RETENTION_DAYS` are deleted, on whichever instance runs first. */
export function startRecordingRetention(app: FastifyInstance): void {
  const sweep = () =>
    deleteExpiredRecordings(app.deps).catch((err: unknown) => app.log.error({ err }, "recording retention failed"));
  const timer = setInterval(sweep, RETENTION_SWEEP_MS);
  timer.unref();
  app.deps.stoppers.push(() => clearInterval(timer));
}
