import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.js";
import { buildSlot, findUserId } from "../../test/builders.js";
import { api, emptyDatabase, signInOverHttp, startServer } from "../../test/server-process.js";
import { DIALECTS, postgresAvailable } from "../../test/test-app.js";

/**
 * The work after a payment (confirmation mail with invite and invoice, notification, reminders) is
 * queued in the transaction that confirms it. A real server process dies right after that commit
 * (TEST_CRASH_AT, honoured only with NODE_ENV=test); the next process does all of it.
 */
for (const dialect of DIALECTS) {
  const run = dialect === "sqlite" || postgresAvailable() ? describe : describe.skip;
  run(`crash right after a payment is confirmed [${dialect}]`, () => {
    it("loses nothing: after the restart the student gets the mail, the notification and the reminders", async () => {
      const database = await emptyDatabase(dialect);
      const doomed = await startServer(database.url, { TEST_CRASH_AT: "after-payment-commit" });
      const handle = openDatabase(database.url);
      const { db } = handle;
      try {
        const slot = await buildSlot(db, { capacity: 1 });
        const email = `crash-${dialect}-${Date.now()}@example.com`;
        const cookie = await signInOverHttp(doomed, database.url, email);
        const hold = await api(doomed, cookie, "POST", "/api/holds", { kind: "mock", targetId: slot.id });
        expect(hold.status).toBe(201);
        const checkout = await api(doomed, cookie, "POST", "/api/checkout", { holdId: hold.body.id });
        expect(checkout.status).toBe(201);

        const paid = await api(doomed, cookie, "POST", `/api/payments/dev/${checkout.body.paymentId}/pay`);
        expect(paid.status).toBe(0); // the connection died with the process
        expect(await doomed.exited).toEqual({ code: null, signal: "SIGKILL" });

        // Committed before the crash: the booking, the payment, the invoice and the queued work.
        const userId = await findUserId(db, email);
        const booking = await db
          .selectFrom("bookings")
          .select(["id", "status"])
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow();
        expect(booking.status).toBe("confirmed");
        const queued = await db
          .selectFrom("jobs")
          .select(["type", "status"])
          .where("payload", "like", `%${booking.id}%`)
          .orderBy("type")
          .execute();
        expect(queued.map((j) => `${j.type}:${j.status}`)).toEqual([
          "booking_confirmed:pending",
          "confirmation_mail:pending",
          "reminder:pending",
          "reminder:pending",
        ]);
        const mailsBefore = await db
          .selectFrom("outbox_messages")
          .select("subject")
          .where("to_address", "=", email)
          .where("subject", "like", "Booking confirmed%")
          .execute();
        expect(mailsBefore).toEqual([]);

        const restarted = await startServer(database.url);
        try {
          await expect
            .poll(
              async () =>
                (
                  await db
                    .selectFrom("jobs")
                    .select("status")
                    .where("type", "in", ["booking_confirmed", "confirmation_mail"])
                    .where("payload", "like", `%${booking.id}%`)
                    .execute()
                ).map((j) => j.status),
              { timeout: 30_000, interval: 250 },
            )
            .toEqual(["done", "done"]);
          const mail = await db
            .selectFrom("outbox_messages")
            .select(["subject", "attachments"])
            .where("to_address", "=", email)
            .where("subject", "like", "Booking confirmed%")
            .execute();
          expect(mail).toHaveLength(1);
          // The calendar invite and the invoice travel with it.
          expect(mail[0]?.attachments).toContain("invite.ics");
          expect(mail[0]?.attachments).toMatch(/\.pdf/);
          const notifications = await db
            .selectFrom("notifications")
            .select("type")
            .where("user_id", "=", userId)
            .execute();
          expect(notifications.map((n) => n.type)).toEqual(["booking_confirmed"]);
          // What the student sees: the booking on the dashboard, from the new process.
          const dashboard = await api(restarted, cookie, "GET", "/api/dashboard");
          expect(JSON.stringify(dashboard.body)).toContain(booking.id);
        } finally {
          await restarted.stop();
        }
      } finally {
        await doomed.stop();
        await handle.close();
        await database.drop();
      }
    }, 120_000);
  });
}
