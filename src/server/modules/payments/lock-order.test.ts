import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevProvider } from "../../infrastructure/payments/dev-provider.js";
import { buildSlot } from "../../test/builders.js";
import { createTestApp, json, postgresAvailable, type TestApp } from "../../test/test-app.js";

/** docs/payments.md, Locks: the one order in which every seat and payment change takes its row locks. */
const LOCK_ORDER: Record<string, number> = {
  user: 0,
  rate_limit_hits: 0,
  slots: 1,
  workshops: 1,
  internships: 1,
  holds: 2,
  coupons: 3,
  bookings: 4,
  payments: 5,
};

/** The tables a statement locks rows of, in the order it names them. */
function lockedTables(statement: string): string[] {
  const sql = statement.replace(/\s+/g, " ").toLowerCase();
  const tables: string[] = [];
  // In statement order: a select's FROM table when that select ends FOR UPDATE (a CTE's too), and
  // the target of an UPDATE, DELETE or upsert. Job claims (SKIP LOCKED) wait for no one.
  const pattern =
    /from "(\w+)"(?:[^()]|\([^()]*\))*? for update(?! skip locked)|(?:^|[ (])update "(\w+)"|delete from "(\w+)"|insert into "(\w+)"[^;]*? on conflict [^;]*?do update/g;
  for (const match of sql.matchAll(pattern)) {
    const table = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (table) tables.push(table);
  }
  return tables.filter((table) => table in LOCK_ORDER);
}

/**
 * Each transaction's first lock on each table, in the order taken. Two transactions deadlock only
 * when they take locks on the same tables in opposite orders; re-locking a row already held is free.
 */
function firstLocksPerTransaction(sent: string[]): string[][] {
  const transactions: string[][] = [];
  let current: string[] | undefined;
  for (const statement of sent) {
    const sql = statement.trim().toLowerCase();
    if (sql === "begin" || sql.startsWith("start transaction")) current = [];
    else if (sql === "commit" || sql === "rollback") {
      if (current?.length) transactions.push(current);
      current = undefined;
    } else if (current) {
      for (const table of lockedTables(sql)) if (!current.includes(table)) current.push(table);
    } else {
      // A statement on its own is a transaction of its own (the one-statement hold and release).
      const locks = [...new Set(lockedTables(sql))];
      if (locks.length) transactions.push(locks);
    }
  }
  return transactions;
}

const outOfOrder = (locks: string[]) =>
  locks.some((table, i) => i > 0 && (LOCK_ORDER[table] ?? 0) < (LOCK_ORDER[locks[i - 1] ?? ""] ?? 0));

/**
 * A deadlock needs two paths that lock the same rows in opposite orders, which a race test finds
 * only by luck. This reads the locks each path takes on PostgreSQL (SQLite serializes writers and
 * takes no row locks) and holds every transaction to the one order.
 */
(postgresAvailable() ? describe : describe.skip)("payments: one lock order on every seat and payment path", () => {
  const sent: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp("postgres", {}, { onQuery: (sql) => sent.push(sql) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The transactions one step runs, each as its first locks per table. */
  async function locksOf(step: () => Promise<{ statusCode: number }>, status: number): Promise<string[][]> {
    sent.length = 0;
    const response = await step();
    expect(response.statusCode).toBe(status);
    return firstLocksPerTransaction(sent);
  }

  const post = (url: string, cookie: string, payload?: object) =>
    t.request({ method: "POST", url, cookie, ...(payload ? { payload } : {}) });

  it("holds, checkouts, payments, late payments, reschedules, cancellations and erasure never lock against the order", async () => {
    const { db } = t.app.deps;
    const student = await t.signIn(`locks-${randomUUID()}@example.com`);
    const admin = await t.signInAdmin();
    const [first, second, third, fourth, fifth] = await Promise.all(
      Array.from({ length: 5 }, () => buildSlot(db, { capacity: 2 })),
    );
    if (!first || !second || !third || !fourth || !fifth) throw new Error("slots not built");
    const seen: Record<string, string[][]> = {};
    const step = async (name: string, run: () => Promise<{ statusCode: number }>, status = 200) => {
      seen[name] = await locksOf(run, status);
    };

    let holdId = "";
    await step(
      "hold",
      async () => {
        const res = await post("/api/holds", student, { kind: "mock", targetId: first.id });
        holdId = json<{ id: string }>(res).id;
        return res;
      },
      201,
    );
    await step("release", () => t.request({ method: "DELETE", url: `/api/holds/${holdId}`, cookie: student }), 204);

    const checkout = async (slotId: string, coupon?: string) => {
      const hold = json<{ id: string }>(await post("/api/holds", student, { kind: "mock", targetId: slotId }));
      let made = { bookingId: "", paymentId: "", orderId: "" };
      await step(
        `checkout ${slotId}`,
        async () => {
          const res = await post("/api/checkout", student, { holdId: hold.id, coupon });
          made = json(res);
          return res;
        },
        201,
      );
      return made;
    };
    const replaced = await checkout(first.id);
    const paid = await checkout(second.id); // replaces the first checkout
    await step("pay", () => post(`/api/payments/dev/${paid.paymentId}/pay`, student));
    // The replaced checkout is paid anyway through the provider's callback: refunded, never a seat.
    const payLate = (orderId: string) => {
      const paymentId = `pay_late_${randomUUID()}`;
      const signature = createDevProvider(t.app.deps.config.authSecret).signCheckout(orderId, paymentId);
      return post("/api/payments/verify", student, { orderId, paymentId, signature });
    };
    await step("late payment", () => payLate(replaced.orderId));
    // A checkout with a coupon locks the coupon; its failed payment paid late decides the coupon again.
    const coupon = json<{ code: string }>(
      await post("/api/admin/coupons", admin, { code: `LOCK${Date.now()}`, percentOff: 10, maxRedemptions: 5 }),
    );
    const couponed = await checkout(fifth.id, coupon.code);
    await post(`/api/payments/dev/${couponed.paymentId}/fail`, student);
    await step("late payment with a coupon", () => payLate(couponed.orderId));
    await step("reschedule", () =>
      post(`/api/me/bookings/${paid.bookingId}/reschedule`, student, { slotId: third.id }),
    );
    await step("student cancels", () => post(`/api/me/bookings/${paid.bookingId}/cancel`, student, { reason: "" }));

    const another = await checkout(fourth.id);
    await post(`/api/payments/dev/${another.paymentId}/pay`, student);
    await step("admin cancels the booking", () =>
      post(`/api/admin/bookings/${another.bookingId}/cancel`, admin, { reason: "Interviewer ill" }),
    );
    const last = await checkout(third.id);
    await post(`/api/payments/dev/${last.paymentId}/pay`, student);
    await step("admin cancels the slot", () => post(`/api/admin/slots/${third.id}/cancel`, admin, { reason: "Moved" }));

    // Erasure closes the leaving student's open checkout in its own transaction.
    const leaving = `leaving-${randomUUID()}@example.com`;
    const leavingCookie = await t.signIn(leaving);
    const leavingHold = json<{ id: string }>(
      await post("/api/holds", leavingCookie, { kind: "mock", targetId: fifth.id }),
    );
    await post("/api/checkout", leavingCookie, { holdId: leavingHold.id });
    await step(
      "erasure",
      () => t.request({ method: "DELETE", url: "/api/me", cookie: leavingCookie, payload: { confirm: leaving } }),
      204,
    );

    // Every path above locked something, so a path that stopped locking would show here too.
    for (const [name, transactions] of Object.entries(seen)) {
      expect(transactions.flat().length, `${name} took no row lock`).toBeGreaterThan(0);
    }
    const against = Object.entries(seen).flatMap(([name, transactions]) =>
      transactions.filter(outOfOrder).map((locks) => `${name}: ${locks.join(" → ")}`),
    );
    expect(against).toEqual([]);
  });

  it("reads a lock taken against the order as one", () => {
    const paths = firstLocksPerTransaction([
      "begin",
      'select * from "payments" where "id" = $1 for update',
      'update "slots" set "capacity" = $1 where "id" = $2',
      "commit",
      "begin",
      'select * from "slots" where "id" in ($1, $2) order by "id" for update',
      'select * from "bookings" where "id" = $1 for update',
      'select * from "jobs" where "run_at" <= $1 for update skip locked',
      "commit",
      'with "target" as materialized (select "id" from "slots" where "id" = $1 for update) insert into "holds" ("id") select "id" from "target" on conflict ("user_id", "kind") do update set "id" = "excluded"."id"',
    ]);
    expect(paths).toEqual([
      ["payments", "slots"],
      ["slots", "bookings"],
      ["slots", "holds"],
    ]);
    expect(paths.filter(outOfOrder)).toEqual([["payments", "slots"]]);
  });
});
