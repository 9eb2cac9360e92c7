import { expect, it } from "vitest";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { createDevProvider } from "../../infrastructure/payments/dev-provider.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { jobHandlers } from "../index.js";

type Checkout = { bookingId: string; paymentId: string; orderId: string };
type DevCheckout = { status: string; replacedBy: { paymentId: string | null } | null };
type Result = { bookingId: string; status: string; message: string };

let counter = 0;

async function checkout(t: TestApp, cookie: string, targetId: string, kind = "mock"): Promise<Checkout> {
  const hold = await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind, targetId } });
  expect(hold.statusCode).toBe(201);
  const res = await t.request({
    method: "POST",
    url: "/api/checkout",
    cookie,
    payload: { holdId: json<{ id: string }>(hold).id },
  });
  expect(res.statusCode).toBe(201);
  return json<Checkout>(res);
}

const devPage = async (t: TestApp, cookie: string, paymentId: string) =>
  json<DevCheckout>(await t.request({ url: `/api/payments/dev/${paymentId}`, cookie }));

const pay = (t: TestApp, cookie: string, paymentId: string) =>
  t.request({ method: "POST", url: `/api/payments/dev/${paymentId}/pay`, cookie });

/** What a provider's checkout callback sends when the student pays anyway (signed like the real one). */
function lateCallback(t: TestApp, cookie: string, orderId: string) {
  const paymentId = `pay_late_${++counter}`;
  const signature = createDevProvider(t.app.deps.config.authSecret).signCheckout(orderId, paymentId);
  return t.request({ method: "POST", url: "/api/payments/verify", cookie, payload: { orderId, paymentId, signature } });
}

/** Students are signed in by address; their bookings are read straight from the database. */
const students = new Map<string, string>();
async function signIn(t: TestApp, prefix: string): Promise<string> {
  const address = email(prefix);
  const cookie = await t.signIn(address);
  students.set(cookie, address);
  return cookie;
}

async function bookingsOf(t: TestApp, cookie: string) {
  const userId = await findUserId(t.app.deps.db, students.get(cookie) ?? "");
  return t.app.deps.db
    .selectFrom("bookings")
    .select(["id", "status", "flag", "target_id", "kind"])
    .where("user_id", "=", userId)
    .execute();
}

const mailsTo = (t: TestApp, to: string, subject: string) =>
  t.app.deps.db
    .selectFrom("outbox_messages")
    .select(["subject", "text"])
    .where("to_address", "=", to)
    .where("subject", "like", `${subject}%`)
    .execute();

describeEachDialect(
  "booking: one unpaid checkout per kind",
  (t) => {
    it("going back, picking another slot and paying leaves the first checkout unpayable and its seat free", async () => {
      const { db } = t().app.deps;
      const first = await buildSlot(db, { capacity: 1 });
      const second = await buildSlot(db, { capacity: 1 });
      const student = await signIn(t(), "two-tabs");
      const a = await checkout(t(), student, first.id);
      const b = await checkout(t(), student, second.id);

      // The first checkout's seat went back to everyone at once.
      const other = await signIn(t(), "next-in-line");
      const seat = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: other,
        payload: { kind: "mock", targetId: first.id },
      });
      expect(seat.statusCode).toBe(201);

      expect(await devPage(t(), student, a.paymentId)).toMatchObject({
        status: "superseded",
        replacedBy: { paymentId: b.paymentId },
      });
      expect(json<Result>(await pay(t(), student, b.paymentId)).status).toBe("confirmed");
      // Once the newer one is paid, the old page points to the bookings instead.
      expect(await devPage(t(), student, a.paymentId)).toMatchObject({
        status: "superseded",
        replacedBy: { paymentId: null },
      });
      const refused = await pay(t(), student, a.paymentId);
      expect(refused.statusCode).toBe(409);
      expect(json<ApiError>(refused).error).toEqual({
        code: "CHECKOUT_REPLACED",
        message: "You started a newer checkout, so this one can no longer be paid.",
      });
      const mine = await bookingsOf(t(), student);
      expect(mine.filter((row) => row.status === "confirmed").map((row) => row.id)).toEqual([b.bookingId]);
      expect(mine.find((row) => row.id === a.bookingId)?.status).toBe("superseded");
    });

    it("a payment that still arrives for a replaced checkout is refunded in full, noted for the admin, and the student is told", async () => {
      const { db } = t().app.deps;
      const first = await buildSlot(db, { capacity: 1 });
      const second = await buildSlot(db, { capacity: 1 });
      const student = await signIn(t(), "paid-twice");
      const address = students.get(student) ?? "";
      const a = await checkout(t(), student, first.id);
      const b = await checkout(t(), student, second.id);
      expect(json<Result>(await pay(t(), student, b.paymentId)).status).toBe("confirmed");

      const late = json<Result>(await lateCallback(t(), student, a.orderId));
      expect(late).toEqual({
        bookingId: a.bookingId,
        status: "refunded_late",
        message:
          "This checkout had been replaced by a newer one, so this payment booked nothing. We are refunding it in full.",
      });
      // The same payment reported again changes nothing.
      expect(json<Result>(await lateCallback(t(), student, a.orderId)).status).toBe("refunded_late");

      await createJobRunner(t().app.deps, jobHandlers).runDue();
      const payment = await db
        .selectFrom("payments")
        .select(["status", "refund_id"])
        .where("order_id", "=", a.orderId)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe("refunded");
      expect(payment.refund_id).toMatch(/^rfnd_dev_/);
      const refundMails = await mailsTo(t(), address, "Refund on its way");
      expect(refundMails).toHaveLength(1);
      expect(refundMails[0]?.text).toContain("replaced with a newer one");
      expect(await mailsTo(t(), address, "Booking confirmed")).toHaveLength(1);

      const admin = await t().signInAdmin(email("admin"));
      const { bookings } = json<{ bookings: { id: string; status: string; flag: string | null }[] }>(
        await t().request({ url: "/api/admin/bookings?status=refunded_late", cookie: admin }),
      );
      expect(bookings.find((row) => row.id === a.bookingId)).toMatchObject({
        status: "refunded_late",
        flag: "replaced_checkout_refunded",
      });
      const mine = await bookingsOf(t(), student);
      expect(mine.filter((row) => row.status === "confirmed")).toHaveLength(1);
    });

    it("abandon, pay again for the same session, then the first payment arrives late: one seat, the extra refunded", async () => {
      const { db } = t().app.deps;
      const workshop = await buildWorkshop(db, { capacity: 5 });
      const student = await signIn(t(), "abandoner");
      const a = await checkout(t(), student, workshop.id, "workshop");
      const abandoned = await t().request({
        method: "POST",
        url: "/api/payments/abandon",
        cookie: student,
        payload: { orderId: a.orderId },
      });
      expect(json<Result>(abandoned).status).toBe("failed");
      const b = await checkout(t(), student, workshop.id, "workshop");
      expect(json<Result>(await pay(t(), student, b.paymentId)).status).toBe("confirmed");

      expect(json<Result>(await lateCallback(t(), student, a.orderId)).status).toBe("refunded_late");
      const inSession = (await bookingsOf(t(), student)).filter((row) => row.target_id === workshop.id);
      expect(inSession.filter((row) => row.status === "confirmed")).toHaveLength(1);
      expect(inSession.find((row) => row.id === a.bookingId)).toMatchObject({
        status: "refunded_late",
        flag: "replaced_checkout_refunded",
      });
      const { workshops } = json<{ workshops: { id: string; seatsLeft: number }[] }>(
        await t().request({ url: "/api/workshops" }),
      );
      expect(workshops.find((w) => w.id === workshop.id)?.seatsLeft).toBe(4);
    });

    it("a late payment for a second seat in a session the student already has is refunded, even if seats are left", async () => {
      const { db } = t().app.deps;
      const workshop = await buildWorkshop(db, { capacity: 5 });
      const student = await signIn(t(), "double-seat");
      const a = await checkout(t(), student, workshop.id, "workshop");
      expect(json<Result>(await pay(t(), student, a.paymentId)).status).toBe("confirmed");
      // An older unpaid checkout for the same session, from before one-checkout-per-kind (expired, not replaced).
      const b = await checkout(t(), student, (await buildWorkshop(db)).id, "workshop");
      await db
        .updateTable("bookings")
        .set({ status: "expired", target_id: workshop.id, seat_expires_at: null })
        .where("id", "=", b.bookingId)
        .execute();

      const late = json<Result>(await lateCallback(t(), student, b.orderId));
      expect(late).toMatchObject({
        status: "refunded_late",
        message: "You already have a seat in this session, so this extra payment is being refunded in full.",
      });
      const inSession = (await bookingsOf(t(), student)).filter((row) => row.target_id === workshop.id);
      expect(inSession.map((row) => [row.status, row.flag]).sort()).toEqual([
        ["confirmed", null],
        ["refunded_late", "duplicate_payment_refunded"],
      ]);
    });

    it("a checkout of another kind leaves the unpaid one alone", async () => {
      const { db } = t().app.deps;
      const slot = await buildSlot(db, { capacity: 1 });
      const workshop = await buildWorkshop(db, { capacity: 5 });
      const student = await signIn(t(), "two-kinds");
      const mock = await checkout(t(), student, slot.id);
      await checkout(t(), student, workshop.id, "workshop");
      expect(await devPage(t(), student, mock.paymentId)).toMatchObject({ status: "created", replacedBy: null });
      expect(json<Result>(await pay(t(), student, mock.paymentId)).status).toBe("confirmed");
    });

    it("paying the old checkout while the new one starts never leaves both payable, and never deadlocks", async () => {
      const { db } = t().app.deps;
      const student = await signIn(t(), "racer");
      for (let round = 0; round < 8; round++) {
        const a = await checkout(t(), student, (await buildSlot(db, { capacity: 1 })).id);
        const slot = await buildSlot(db, { capacity: 1 });
        const hold = json<{ id: string }>(
          await t().request({
            method: "POST",
            url: "/api/holds",
            cookie: student,
            payload: { kind: "mock", targetId: slot.id },
          }),
        );
        const [paid, started] = await Promise.all([
          pay(t(), student, a.paymentId),
          t().request({ method: "POST", url: "/api/checkout", cookie: student, payload: { holdId: hold.id } }),
        ]);
        expect(started.statusCode).toBe(201);
        expect([200, 409]).toContain(paid.statusCode);
        const status = (
          await db.selectFrom("bookings").select("status").where("id", "=", a.bookingId).executeTakeFirstOrThrow()
        ).status;
        // The payment came first (confirmed), or the new checkout did: then the page refuses to pay, or
        // a payment already on its way is refunded. Never a booking that is paid and replaced at once.
        const expected = paid.statusCode === 200 ? json<Result>(paid).status : "superseded";
        expect(["confirmed", "refunded_late", "superseded"]).toContain(expected);
        expect(status).toBe(expected);
        const open = (await bookingsOf(t(), student)).filter(
          (row) => row.kind === "mock" && row.status === "pending_payment",
        );
        expect(open).toHaveLength(1);
        // The next round's checkout replaces this round's open one.
      }
    });

    it("payments arriving while an admin cancels their session: no error, none left confirmed, every paid one refunded", async () => {
      const { db } = t().app.deps;
      const admin = await t().signInAdmin(email("canceller"));
      const students = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(t(), `cancel-race-${i}`)));
      for (let round = 0; round < 3; round++) {
        const workshop = await buildWorkshop(db, { capacity: 10 });
        const open = await Promise.all(students.map((cookie) => checkout(t(), cookie, workshop.id, "workshop")));
        const responses = await Promise.all([
          t().request({
            method: "POST",
            url: `/api/admin/workshops/${workshop.id}/cancel`,
            cookie: admin,
            payload: {},
          }),
          ...open.map((c, i) => pay(t(), students[i] ?? "", c.paymentId)),
        ]);
        expect(responses.map((r) => r.statusCode).filter((code) => code >= 500)).toEqual([]);
        expect(responses[0]?.statusCode).toBe(200);
        const rows = await db
          .selectFrom("bookings")
          .innerJoin("payments", "payments.booking_id", "bookings.id")
          .select(["bookings.status", "payments.status as payment"])
          .where("bookings.target_id", "=", workshop.id)
          .execute();
        // Paid before the cancel: cancelled and refunded; paid after: refunded as a payment that booked nothing.
        for (const row of rows) {
          expect(["cancelled", "refunded_late"]).toContain(row.status);
          expect(row.payment === "created" || row.payment === "refund_pending").toBe(true);
        }
      }
    });
  }, // Many checkouts by one student in a minute; the limit itself is tested with the limits.
  { CHECKOUT_RATE_LIMIT: "1000" },
);
