import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.js";
import { buildSlot, buildWorkshop } from "../../test/builders.js";
import { api, emptyDatabase, type ServerProcess, signInOverHttp, startServer } from "../../test/server-process.js";
import { DIALECTS, postgresAvailable } from "../../test/test-app.js";

const STUDENTS = 6;
/** The process is killed once this many payments were confirmed to students, with more in flight. */
const KILL_AFTER_CONFIRMED = 6;

interface Target {
  kind: "mock" | "workshop";
  id: string;
  capacity: number;
}

/** One student booking and paying again and again until the server stops answering. */
async function streamOfBookings(
  server: ServerProcess,
  cookie: string,
  targets: Target[],
  onConfirmed: (id: string) => void,
) {
  for (let i = 0; ; i++) {
    const target = targets[(i * 7 + cookie.length + Math.floor(Math.random() * targets.length)) % targets.length];
    if (!target) return;
    const hold = await api(server, cookie, "POST", "/api/holds", { kind: target.kind, targetId: target.id });
    if (hold.status === 0) return;
    if (hold.status !== 201) continue;
    const checkout = await api(server, cookie, "POST", "/api/checkout", { holdId: hold.body.id });
    if (checkout.status === 0) return;
    if (checkout.status !== 201) continue;
    const paid = await api(server, cookie, "POST", `/api/payments/dev/${checkout.body.paymentId}/pay`);
    if (paid.status === 0) return;
    if (paid.body.status === "confirmed") onConfirmed(String(paid.body.bookingId));
  }
}

/**
 * SIGKILL (no shutdown at all) while students hold seats and pay: after a restart the database is
 * intact, every booking a student was told is confirmed is there, and no session is oversold.
 */
for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`SIGKILL under a stream of holds and payments [${dialect}]`, () => {
    it("keeps every confirmed booking and never oversells a seat", async () => {
      const database = await emptyDatabase(dialect);
      const server = await startServer(database.url);
      const handle = openDatabase(database.url);
      const { db } = handle;
      try {
        const targets: Target[] = [];
        for (let i = 0; i < 5; i++)
          targets.push({ kind: "mock", id: (await buildSlot(db, { capacity: 2 })).id, capacity: 2 });
        for (let i = 0; i < 2; i++)
          targets.push({ kind: "workshop", id: (await buildWorkshop(db, { capacity: 3 })).id, capacity: 3 });
        const cookies: string[] = [];
        for (let i = 0; i < STUDENTS; i++) {
          cookies.push(await signInOverHttp(server, database.url, `kill-${dialect}-${i}-${Date.now()}@example.com`));
        }

        const confirmed: string[] = [];
        const onConfirmed = (id: string) => {
          confirmed.push(id);
          if (confirmed.length === KILL_AFTER_CONFIRMED) server.child.kill("SIGKILL");
        };
        await Promise.all(cookies.map((cookie) => streamOfBookings(server, cookie, targets, onConfirmed)));
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
        expect(confirmed.length).toBeGreaterThanOrEqual(KILL_AFTER_CONFIRMED);

        const restarted = await startServer(database.url);
        try {
          expect((await api(restarted, "", "GET", "/api/ready")).status).toBe(200);
          if (dialect === "sqlite") {
            const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
            expect(check.rows).toEqual([{ integrity_check: "ok" }]);
          }
          // Every booking a student saw confirmed is confirmed, with its paid payment.
          const rows = await db
            .selectFrom("bookings")
            .innerJoin("payments", "payments.booking_id", "bookings.id")
            .select(["bookings.id", "bookings.status", "payments.status as payment"])
            .where("bookings.id", "in", confirmed)
            .execute();
          expect(rows).toHaveLength(confirmed.length);
          expect(rows.every((r) => r.status === "confirmed" && r.payment === "paid")).toBe(true);
          // The restarted server keeps selling what is left, and only that.
          const late = await signInOverHttp(restarted, database.url, `after-${dialect}-${Date.now()}@example.com`);
          for (const target of targets) {
            const hold = await api(restarted, late, "POST", "/api/holds", { kind: target.kind, targetId: target.id });
            if (hold.status !== 201) continue;
            const checkout = await api(restarted, late, "POST", "/api/checkout", { holdId: hold.body.id });
            expect(checkout.status).toBe(201);
            await api(restarted, late, "POST", `/api/payments/dev/${checkout.body.paymentId}/pay`);
          }
          // No session holds more paid seats than it has.
          for (const target of targets) {
            const paid = await db
              .selectFrom("bookings")
              .select("id")
              .where("target_id", "=", target.id)
              .where("status", "=", "confirmed")
              .execute();
            expect(paid.length).toBeLessThanOrEqual(target.capacity);
          }
        } finally {
          await restarted.stop();
        }
      } finally {
        await server.stop();
        await handle.close();
        await database.drop();
      }
    }, 240_000);
  });
}
