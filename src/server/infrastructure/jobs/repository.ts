import type { Db, Dialect, Executor } from "../../db/database.js";
import type { JobsTable } from "../../db/schema.js";

export type JobRow = JobsTable;

/** Inserts a job; a second insert with the same dedupe key is ignored. Returns whether it was new. */
export async function insertJob(db: Executor, job: JobsTable): Promise<boolean> {
  const result = await db
    .insertInto("jobs")
    .values(job)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` due jobs for one worker in a single statement: pending jobs whose time has
 * come, and running jobs whose lease ran out (their worker died). On PostgreSQL the inner select
 * skips rows another worker is claiming at the same moment; on SQLite the statement holds the
 * write lock. Either way a job is claimed by one worker only. A worker claims only the types it
 * can run, so during a rolling deploy an older process leaves newer job types alone.
 */
export async function claimDueJobs(
  db: Db,
  dialect: Dialect,
  claim: {
    workerId: string;
    types: string[];
    now: string;
    leaseUntil: string;
    limit: number;
    /** Only these jobs (by dedupe key): work just enqueued, run at once by the request that made it. */
    dedupeKeys?: string[];
  },
): Promise<JobRow[]> {
  if (claim.types.length === 0 || claim.dedupeKeys?.length === 0) return [];
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where("type", "in", claim.types)
    .$if(claim.dedupeKeys !== undefined, (qb) => qb.where("dedupe_key", "in", claim.dedupeKeys ?? []))
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("run_at", "<=", claim.now)]),
        eb.and([eb("status", "=", "running"), eb("locked_until", "<", claim.now)]),
      ]),
    )
    .orderBy("run_at")
    .limit(claim.limit);
  if (dialect === "postgres") due = due.forUpdate().skipLocked();
  return db
    .updateTable("jobs")
    .set((eb) => ({
      status: "running",
      locked_by: claim.workerId,
      locked_until: claim.leaseUntil,
      attempts: eb("attempts", "+", 1),
      updated_at: claim.now,
    }))
    .where("id", "in", due)
    .returningAll()
    .execute();
}

/** Ends a job the worker still owns (its lease was not taken over). */
export async function finishJob(
  db: Db,
  job: { id: string; workerId: string },
  outcome: { status: "done" | "skipped" | "failed"; lastError?: string | null; now: string },
): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      status: outcome.status,
      locked_by: null,
      locked_until: null,
      last_error: outcome.lastError ?? null,
      updated_at: outcome.now,
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", job.workerId)
    .execute();
}

/** Puts a failed job back in the queue for a later attempt. */
export async function retryJobLater(
  db: Db,
  job: { id: string; workerId: string },
  retry: { runAt: string; lastError: string; now: string },
): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      status: "pending",
      run_at: retry.runAt,
      locked_by: null,
      locked_until: null,
      last_error: retry.lastError,
      updated_at: retry.now,
    })
    .where("id", "=", job.id)
    .where("locked_by", "=", job.workerId)
    .execute();
}

export async function findJobsByType(db: Db, type: string): Promise<JobRow[]> {
  return db.selectFrom("jobs").selectAll().where("type", "=", type).orderBy("run_at").execute();
}
