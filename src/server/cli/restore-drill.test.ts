import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../shared/schemas/dashboard.js";
import { openDatabase } from "../db/database.js";
import { buildSlot, buildWorkshop } from "../test/builders.js";
import { createTemporaryPostgresDatabase } from "../test/postgres.js";
import { api, emptyDatabase, type ServerProcess, signInOverHttp, startServer } from "../test/server-process.js";
import { DIALECTS, postgresAvailable } from "../test/test-app.js";

/** What the student's dashboard lists: each session's booking, title and start. */
async function bookingsOnDashboard(server: ServerProcess, cookie: string) {
  const res = await api(server, cookie, "GET", "/api/dashboard");
  expect(res.status).toBe(200);
  const { sessions } = res.body as unknown as Dashboard;
  return sessions
    .map((s) => ({ bookingId: s.bookingId, title: s.title, startAt: s.startAt }))
    .sort((a, b) => a.bookingId.localeCompare(b.bookingId));
}

async function bookAndPay(server: ServerProcess, cookie: string, kind: string, targetId: string): Promise<string> {
  const hold = await api(server, cookie, "POST", "/api/holds", { kind, targetId });
  const checkout = await api(server, cookie, "POST", "/api/checkout", { holdId: hold.body.id });
  const paid = await api(server, cookie, "POST", `/api/payments/dev/${checkout.body.paymentId}/pay`);
  expect(paid.body.status).toBe("confirmed");
  return String(paid.body.bookingId);
}

/**
 * The restore drill of docs/operations.md (Backups and restores), run as written: `npm run backup`
 * while the app serves, restore into an empty database with the documented command, start a
 * server on it, and the same bookings are there.
 */
for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`restore drill [${dialect}]`, () => {
    it("npm run backup, restore into an empty database, start: the same bookings are there", async () => {
      const source = await emptyDatabase(dialect);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-drill-"));
      const restoredPg = dialect === "postgres" ? await createTemporaryPostgresDatabase() : undefined;
      const live = await startServer(source.url);
      let restored: ServerProcess | undefined;
      try {
        const handle = openDatabase(source.url);
        const slot = await buildSlot(handle.db, { capacity: 2 });
        const workshop = await buildWorkshop(handle.db, { capacity: 5 });
        await handle.close();
        const cookie = await signInOverHttp(live, source.url, `drill-${dialect}-${Date.now()}@example.com`);
        const booked = [
          await bookAndPay(live, cookie, "mock", slot.id),
          await bookAndPay(live, cookie, "workshop", workshop.id),
        ];
        const before = await bookingsOnDashboard(live, cookie);
        expect(before.map((b) => b.bookingId)).toEqual([...booked].sort());

        // The backup is taken while the app keeps serving.
        const output = execFileSync("npm", ["run", "--silent", "backup", "--", path.join(dir, "backups")], {
          env: { ...process.env, DATABASE_URL: source.url },
          encoding: "utf8",
        });
        const file = output.match(/Backup written to (\S+)/)?.[1] ?? "";
        expect(fs.existsSync(file)).toBe(true);

        // Restore with the documented command into an empty database.
        let restoredUrl: string;
        if (dialect === "sqlite") {
          const target = path.join(dir, "restored", "app.db");
          fs.mkdirSync(path.dirname(target));
          execFileSync("sh", ["-c", `cp "${file}" "${target}" && rm -f "${target}-wal" "${target}-shm"`]);
          restoredUrl = `file:${target}`;
        } else {
          restoredUrl = restoredPg?.url ?? "";
          execFileSync("pg_restore", ["--no-owner", `--dbname=${restoredUrl}`, file]);
        }
        await live.stop();

        restored = await startServer(restoredUrl);
        // The student's session came back with the data: the same cookie sees the same bookings.
        expect(await bookingsOnDashboard(restored, cookie)).toEqual(before);
        const check = openDatabase(restoredUrl);
        const rows = await check.db
          .selectFrom("bookings")
          .innerJoin("payments", "payments.booking_id", "bookings.id")
          .select(["bookings.id", "bookings.status", "payments.status as payment"])
          .orderBy("bookings.id")
          .execute();
        await check.close();
        expect(rows).toEqual([...booked].sort().map((id) => ({ id, status: "confirmed", payment: "paid" })));
      } finally {
        await restored?.stop();
        await live.stop();
        await restoredPg?.drop();
        await source.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);
  });
}
