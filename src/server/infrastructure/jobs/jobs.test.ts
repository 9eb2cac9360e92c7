import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppDeps } from "../../app-deps.js";
import { type DatabaseHandle, openDatabase } from "../../db/database.js";
import { describeEachDialect } from "../../test/test-app.js";
import { createJobRunner, enqueueJob, JOB_LEASE_MS, JOB_MAX_ATTEMPTS, retryDelayMs } from "./queue.js";
import { findJobsByType } from "./repository.js";

const past = (ms = 1000) => new Date(Date.now() - ms);

describeEachDialect("job queue", (t) => {
  // A second connection pool to the same database stands in for a second server process.
  let other: DatabaseHandle;
  let otherDeps: AppDeps;
  beforeAll(() => {
    other = openDatabase(t().databaseUrl);
    otherDeps = { ...t().app.deps, db: other.db };
  });
  afterAll(async () => {
    await other.close();
  });

  it("enqueues a job once per dedupe key", async () => {
    const { db } = t().app.deps;
    const job = { type: "dedupe", payload: { n: 1 }, runAt: new Date(), dedupeKey: "dedupe:1" };
    expect(await enqueueJob(db, job)).toBe(true);
    expect(await enqueueJob(db, job)).toBe(false);
    expect(await findJobsByType(db, "dedupe")).toHaveLength(1);
    await createJobRunner(t().app.deps, { dedupe: async () => "done" }).runDue();
  });

  it("runs each due job exactly once with two workers on two connections", async () => {
    const { db } = t().app.deps;
    const runs: string[] = [];
    const handler = async (_deps: AppDeps, payload: unknown) => {
      runs.push((payload as { key: string }).key);
      await new Promise((resolve) => setTimeout(resolve, 2));
      return "done" as const;
    };
    for (let i = 0; i < 40; i++) {
      await enqueueJob(db, { type: "race", payload: { key: `k${i}` }, runAt: past(), dedupeKey: `race:${i}` });
    }
    const a = createJobRunner(t().app.deps, { race: handler }, "worker-a");
    const b = createJobRunner(otherDeps, { race: handler }, "worker-b");
    const [ranByA, ranByB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranByA + ranByB).toBe(40);
    expect(new Set(runs).size).toBe(40);
    expect(runs).toHaveLength(40);
    const jobs = await findJobsByType(db, "race");
    expect(jobs.every((j) => j.status === "done" && j.attempts === 1 && j.locked_by === null)).toBe(true);
  });

  it("leaves jobs that are not due yet", async () => {
    const { db } = t().app.deps;
    await enqueueJob(db, { type: "later", payload: {}, runAt: new Date(Date.now() + 60_000), dedupeKey: "later:1" });
    let ran = 0;
    const count = async () => {
      ran += 1;
      return "done" as const;
    };
    const runner = createJobRunner(t().app.deps, { later: count });
    await runner.runDue();
    expect(ran).toBe(0);
    await runner.runDue(() => new Date(Date.now() + 61_000));
    expect(ran).toBe(1);
  });

  it("retries a failing job with backoff, then marks it failed after the last attempt", async () => {
    const { db } = t().app.deps;
    await enqueueJob(db, { type: "flaky", payload: {}, runAt: past(), dedupeKey: "flaky:1" });
    let calls = 0;
    const runner = createJobRunner(t().app.deps, {
      flaky: async () => {
        calls += 1;
        throw new Error("provider down");
      },
    });
    let clock = Date.now();
    await runner.runDue(() => new Date(clock));
    let [job] = await findJobsByType(db, "flaky");
    expect(job).toMatchObject({ status: "pending", attempts: 1, last_error: "provider down" });
    expect(Date.parse(job?.run_at ?? "")).toBe(clock + retryDelayMs(1));

    await runner.runDue(() => new Date(clock));
    expect(calls).toBe(1);

    for (let attempt = 2; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      clock += retryDelayMs(attempt - 1) + 1;
      await runner.runDue(() => new Date(clock));
    }
    [job] = await findJobsByType(db, "flaky");
    expect(calls).toBe(JOB_MAX_ATTEMPTS);
    expect(job).toMatchObject({ status: "failed", attempts: JOB_MAX_ATTEMPTS, last_error: "provider down" });
  });

  it("takes over a job whose worker died once its lease runs out", async () => {
    const { db } = t().app.deps;
    await enqueueJob(db, { type: "orphan", payload: {}, runAt: past(), dedupeKey: "orphan:1" });
    // The first worker claims the job and never finishes it (the process died mid-run).
    const dying = createJobRunner(t().app.deps, { orphan: () => new Promise(() => undefined) }, "dying");
    void dying.runDue();
    await expect.poll(async () => (await findJobsByType(db, "orphan"))[0]?.status).toBe("running");

    let ran = 0;
    const count = async () => {
      ran += 1;
      return "done" as const;
    };
    const survivor = createJobRunner(otherDeps, { orphan: count }, "survivor");
    await survivor.runDue();
    expect(ran).toBe(0);
    await survivor.runDue(() => new Date(Date.now() + JOB_LEASE_MS + 1000));
    expect(ran).toBe(1);
    expect((await findJobsByType(db, "orphan"))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  it("leaves job types it cannot run to workers that can", async () => {
    const { db } = t().app.deps;
    await enqueueJob(db, { type: "newer", payload: {}, runAt: past(), dedupeKey: "newer:1" });
    await createJobRunner(t().app.deps, { older: async () => "done" }).runDue();
    expect((await findJobsByType(db, "newer"))[0]).toMatchObject({ status: "pending", attempts: 0 });
    await createJobRunner(t().app.deps, { newer: async () => "done" }).runDue();
    expect((await findJobsByType(db, "newer"))[0]?.status).toBe("done");
  });

  it("records a skipped job as skipped", async () => {
    const { db } = t().app.deps;
    await enqueueJob(db, { type: "moot", payload: {}, runAt: past(), dedupeKey: "moot:1" });
    await createJobRunner(t().app.deps, { moot: async () => "skipped" }).runDue();
    expect((await findJobsByType(db, "moot"))[0]?.status).toBe("skipped");
  });
});
