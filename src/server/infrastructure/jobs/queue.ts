import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Transaction } from "kysely";
import type { AppDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";
import { claimDueJobs, finishJob, insertJob, retryJobLater } from "./repository.js";

export const JOB_MAX_ATTEMPTS = 5;
/** A claimed job not finished within its lease is taken over by another worker (crash recovery). */
export const JOB_LEASE_MS = 5 * 60_000;
export const JOB_POLL_MS = 5_000;
const CLAIM_BATCH = 10;

/** What a handler reports: done, or skipped because the work no longer applies. */
export type JobOutcome = "done" | "skipped";
export type JobHandler = (deps: AppDeps, payload: unknown) => Promise<JobOutcome>;
export type JobHandlers = Record<string, JobHandler>;

export interface NewJob {
  type: string;
  payload: unknown;
  runAt: Date;
  /** Jobs with one key are enqueued once, however often enqueue is called. */
  dedupeKey: string;
}

export async function enqueueJob(db: Db | Transaction<Database>, job: NewJob): Promise<boolean> {
  const now = new Date().toISOString();
  return insertJob(db, {
    id: randomUUID(),
    type: job.type,
    payload: JSON.stringify(job.payload),
    run_at: job.runAt.toISOString(),
    status: "pending",
    attempts: 0,
    locked_by: null,
    locked_until: null,
    last_error: null,
    dedupe_key: job.dedupeKey,
    created_at: now,
    updated_at: now,
  });
}

/** 30 s, 2 min, 8 min, 32 min… between attempts. */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 4 ** Math.max(0, attempts - 1);
}

export interface JobRunner {
  readonly workerId: string;
  /** Runs every due job once; resolves with how many it handled. */
  runDue(now?: () => Date): Promise<number>;
  /**
   * Runs the due jobs with these dedupe keys now, if no other worker has claimed them: the request
   * that committed them does the work at once, and a crash before or during it leaves the jobs to
   * the worker after restart (docs/operations.md, The job queue).
   */
  runNow(dedupeKeys: string[]): Promise<number>;
  /** Polls for due jobs every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createJobRunner(deps: AppDeps, handlers: JobHandlers, workerId = defaultWorkerId()): JobRunner {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runOne(job: { id: string; type: string; payload: string; attempts: number }, now: () => Date) {
    const owner = { id: job.id, workerId };
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      const outcome = await handler(deps, JSON.parse(job.payload));
      await finishJob(deps.db, owner, { status: outcome, now: now().toISOString() });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const at = now();
      if (job.attempts >= JOB_MAX_ATTEMPTS) {
        deps.log.error({ err, jobId: job.id, type: job.type }, "job failed for good");
        await finishJob(deps.db, owner, { status: "failed", lastError: message, now: at.toISOString() });
      } else {
        deps.log.warn({ err, jobId: job.id, type: job.type, attempts: job.attempts }, "job failed; will retry");
        const runAt = new Date(at.getTime() + retryDelayMs(job.attempts)).toISOString();
        await retryJobLater(deps.db, owner, { runAt, lastError: message, now: at.toISOString() });
      }
    }
  }

  const claim = (at: Date, dedupeKeys?: string[]) =>
    claimDueJobs(deps.db, deps.dialect, {
      workerId,
      types: Object.keys(handlers),
      now: at.toISOString(),
      leaseUntil: new Date(at.getTime() + JOB_LEASE_MS).toISOString(),
      limit: dedupeKeys?.length ?? CLAIM_BATCH,
      dedupeKeys,
    });
  async function drain(now: () => Date): Promise<number> {
    let handled = 0;
    for (;;) {
      const jobs = await claim(now());
      if (jobs.length === 0) return handled;
      for (const job of jobs) await runOne(job, now);
      handled += jobs.length;
      if (stopped) return handled;
    }
  }

  const runner: JobRunner = {
    workerId,
    runDue(now = () => new Date()) {
      // One drain at a time per runner; a tick that finds one in progress waits for it.
      running ??= drain(now).finally(() => {
        running = undefined;
      });
      return running;
    },
    async runNow(dedupeKeys) {
      const now = () => new Date();
      const jobs = await claim(now(), dedupeKeys);
      for (const job of jobs) await runOne(job, now);
      return jobs.length;
    },
    start(intervalMs = JOB_POLL_MS) {
      const tick = async () => {
        try {
          await runner.runDue();
        } catch (err) {
          deps.log.error({ err }, "job worker tick failed");
        }
        if (!stopped) timer = setTimeout(tick, intervalMs);
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
  return runner;
}

function defaultWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
