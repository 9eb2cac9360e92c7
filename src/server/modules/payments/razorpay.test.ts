import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// The official SDK's helpers check that our signatures are the ones Razorpay makes.
import { validatePaymentVerification, validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils.js";
import { afterAll, expect, it } from "vitest";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { buildSlot } from "../../test/builders.js";
import { pdfText } from "../../test/pdf.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { jobHandlers } from "../index.js";

const KEY_ID = "rzp_test_careerprep";
const KEY_SECRET = "razorpay-key-secret-for-tests";
const WEBHOOK_SECRET = "razorpay-webhook-secret-for-tests";

/** A local server speaking the parts of Razorpay's REST API we use, recording what it was asked. */
const api = {
  orders: [] as { amount: number; currency: string; receipt: string; auth: string }[],
  refunds: [] as { paymentId: string; amount: number; idempotencyKey: string | undefined }[],
  server: http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/v1/orders") {
        api.orders.push({
          ...(parsed as { amount: number; currency: string; receipt: string }),
          auth: req.headers.authorization ?? "",
        });
        res.end(
          JSON.stringify({
            id: `order_${api.orders.length}${Date.now()}`,
            entity: "order",
            amount: parsed.amount,
            status: "created",
          }),
        );
        return;
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? "");
      if (req.method === "POST" && refund) {
        const key = req.headers["idempotency-key"];
        api.refunds.push({
          paymentId: refund[1] ?? "",
          amount: Number(parsed.amount),
          idempotencyKey: Array.isArray(key) ? key[0] : key,
        });
        res.end(JSON.stringify({ id: `rfnd_${api.refunds.length}`, entity: "refund", payment_id: refund[1] }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: "BAD_REQUEST_ERROR", description: "not found" } }));
    });
  }),
};
await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
const port = (api.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => api.server.close(() => resolve())));

const sign = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

let counter = 0;
async function openOrder(t: TestApp) {
  const cookie = await t.signIn(`rzp-${++counter}-${Date.now()}@example.com`);
  const slot = await buildSlot(t.app.deps.db, { capacity: 1 });
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
  );
  const checkout = json<{ bookingId: string; orderId: string; keyId: string; amountPaise: number }>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
  );
  return { cookie, slot, checkout };
}

function webhook(
  t: TestApp,
  event: string,
  orderId: string,
  paymentId: string,
  eventId: string,
  tamper = false,
  charged: { amount: number; currency: string } = { amount: 120000, currency: "INR" },
) {
  const body = JSON.stringify({
    event,
    payload: {
      payment: { entity: { id: paymentId, entity: "payment", order_id: orderId, method: "upi", ...charged } },
    },
  });
  let signature = sign(WEBHOOK_SECRET, body);
  expect(validateWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
  if (tamper) signature = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
  return t.request({
    method: "POST",
    url: "/api/payments/razorpay/webhook",
    headers: { "content-type": "application/json", "x-razorpay-signature": signature, "x-razorpay-event-id": eventId },
    payload: body,
  });
}

const bookingStatus = async (t: TestApp, id: string) =>
  (await t.app.deps.db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describeEachDialect(
  "booking: Razorpay",
  (t) => {
    it("opens an order through the Orders API with the server's price, in paise, with a unique receipt", async () => {
      const before = api.orders.length;
      const { checkout } = await openOrder(t());
      const order = api.orders[before];
      expect(order).toMatchObject({ amount: 120_000, currency: "INR" });
      expect(order?.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`);
      expect(new Set(api.orders.map((o) => o.receipt)).size).toBe(api.orders.length);
      expect(checkout.keyId).toBe(KEY_ID);
    });

    it("confirms on a valid checkout signature, once, however often the callback comes", async () => {
      const { cookie, checkout } = await openOrder(t());
      const paymentId = `pay_${counter}A`;
      const signature = sign(KEY_SECRET, `${checkout.orderId}|${paymentId}`);
      expect(
        validatePaymentVerification({ order_id: checkout.orderId, payment_id: paymentId }, signature, KEY_SECRET),
      ).toBe(true);
      const verify = () =>
        t().request({
          method: "POST",
          url: "/api/payments/verify",
          cookie,
          payload: { orderId: checkout.orderId, paymentId, signature },
        });
      expect(json(await verify())).toMatchObject({ status: "confirmed" });
      expect(json(await verify())).toMatchObject({ status: "confirmed" });
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("confirmed");
    });

    it("rejects a signature off by one character with 400 and confirms nothing", async () => {
      const { cookie, checkout } = await openOrder(t());
      const paymentId = `pay_${counter}B`;
      const good = sign(KEY_SECRET, `${checkout.orderId}|${paymentId}`);
      const bad = `${good.slice(0, -1)}${good.endsWith("a") ? "b" : "a"}`;
      const res = await t().request({
        method: "POST",
        url: "/api/payments/verify",
        cookie,
        payload: { orderId: checkout.orderId, paymentId, signature: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(json<{ error: { code: string } }>(res).error.code).toBe("INVALID_SIGNATURE");
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("pending_payment");
    });

    it("a signature for another order cannot confirm this one", async () => {
      const { cookie, checkout } = await openOrder(t());
      const paymentId = `pay_${counter}C`;
      const forOther = sign(KEY_SECRET, `order_someone_else|${paymentId}`);
      const res = await t().request({
        method: "POST",
        url: "/api/payments/verify",
        cookie,
        payload: { orderId: checkout.orderId, paymentId, signature: forOther },
      });
      expect(res.statusCode).toBe(400);
    });

    it("handles the webhook before the callback, a redelivered webhook, and the callback after", async () => {
      const { cookie, checkout } = await openOrder(t());
      const paymentId = `pay_${counter}D`;
      const first = await webhook(t(), "payment.captured", checkout.orderId, paymentId, `evt_${counter}`);
      expect(json(first)).toEqual({ status: "processed" });
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("confirmed");
      expect(json(await webhook(t(), "payment.captured", checkout.orderId, paymentId, `evt_${counter}`))).toEqual({
        status: "duplicate",
      });
      expect(json(await webhook(t(), "order.paid", checkout.orderId, paymentId, `evt_${counter}b`))).toEqual({
        status: "processed",
      });
      const signature = sign(KEY_SECRET, `${checkout.orderId}|${paymentId}`);
      const callback = await t().request({
        method: "POST",
        url: "/api/payments/verify",
        cookie,
        payload: { orderId: checkout.orderId, paymentId, signature },
      });
      expect(json(callback)).toMatchObject({ status: "confirmed" });
      const bookings = await t()
        .app.deps.db.selectFrom("bookings")
        .select("status")
        .where("id", "=", checkout.bookingId)
        .execute();
      expect(bookings).toEqual([{ status: "confirmed" }]);
      const receipt = await t().request({ url: `/api/me/bookings/${checkout.bookingId}/receipt.pdf`, cookie });
      const receiptText = pdfText(receipt.rawPayload).replace(/\s+/g, " ");
      expect(receiptText).toContain("Payment method UPI via Razorpay");
      expect(receiptText).toContain(`Transaction reference ${paymentId}`);
      const mails = await t()
        .app.deps.db.selectFrom("outbox_messages")
        .select("id")
        .where("subject", "like", "Booking confirmed%")
        .where("text", "like", "%")
        .execute();
      expect(mails.length).toBeGreaterThan(0);
    });

    it("confirms nothing when the webhook's amount or currency differs from our order, and flags the booking", async () => {
      for (const [suffix, charged] of [
        ["M1", { amount: 100, currency: "INR" }],
        ["M2", { amount: 120_000, currency: "USD" }],
      ] as const) {
        const { checkout } = await openOrder(t());
        const paymentId = `pay_${counter}${suffix}`;
        const res = await webhook(
          t(),
          "payment.captured",
          checkout.orderId,
          paymentId,
          `evt_${counter}${suffix}`,
          false,
          charged,
        );
        expect(res.statusCode).toBe(200);
        expect(json(res)).toEqual({ status: "flagged" });
        const booking = await t()
          .app.deps.db.selectFrom("bookings")
          .innerJoin("payments", "payments.booking_id", "bookings.id")
          .select(["bookings.status", "bookings.flag", "payments.status as paymentStatus", "payments.payment_id"])
          .where("bookings.id", "=", checkout.bookingId)
          .executeTakeFirstOrThrow();
        expect(booking).toEqual({
          status: "pending_payment",
          flag: "payment_amount_mismatch",
          paymentStatus: "created",
          payment_id: null,
        });
        const admin = await t().signInAdmin(`rzp-admin-${counter}${suffix}@example.com`);
        const listed = json<{ bookings: { id: string; flag: string | null }[] }>(
          await t().request({ url: "/api/admin/bookings", cookie: admin }),
        );
        expect(listed.bookings.find((b) => b.id === checkout.bookingId)?.flag).toBe("payment_amount_mismatch");
      }
    });

    it("rejects a webhook whose signature is off by one byte, changing nothing", async () => {
      const { checkout } = await openOrder(t());
      const res = await webhook(t(), "payment.captured", checkout.orderId, `pay_${counter}E`, `evt_${counter}E`, true);
      expect(res.statusCode).toBe(400);
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("pending_payment");
      // Not recorded: a correctly signed redelivery of the same event still counts.
      expect(
        json(await webhook(t(), "payment.captured", checkout.orderId, `pay_${counter}E`, `evt_${counter}E`)),
      ).toEqual({ status: "processed" });
    });

    it("a failed attempt keeps the seat for a retry in the same checkout; closing the checkout keeps it for a new one until released", async () => {
      const { checkout, slot } = await openOrder(t());
      await webhook(t(), "payment.failed", checkout.orderId, `pay_${counter}F`, `evt_${counter}F`);
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("pending_payment");
      const other = await t().signIn(`rzp-other-${counter}-${Date.now()}@example.com`);
      const taken = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: other,
        payload: { kind: "mock", targetId: slot.id },
      });
      expect(json<{ error: { code: string } }>(taken).error.code).toBe("SLOT_HELD");
      await webhook(t(), "payment.captured", checkout.orderId, `pay_${counter}G`, `evt_${counter}G`);
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("confirmed");

      const closed = await openOrder(t());
      const abandon = await t().request({
        method: "POST",
        url: "/api/payments/abandon",
        cookie: closed.cookie,
        payload: { orderId: closed.checkout.orderId },
      });
      expect(json(abandon)).toMatchObject({ status: "failed" });
      const kept = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: other,
        payload: { kind: "mock", targetId: closed.slot.id },
      });
      expect(json<{ error: { code: string } }>(kept).error.code).toBe("SLOT_HELD");
      const mine = json<{ holds: { id: string }[] }>(
        await t().request({ url: "/api/holds/mine", cookie: closed.cookie }),
      );
      await t().request({ method: "DELETE", url: `/api/holds/${mine.holds[0]?.id}`, cookie: closed.cookie });
      const retry = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: other,
        payload: { kind: "mock", targetId: closed.slot.id },
      });
      expect(retry.statusCode).toBe(201);
    });

    it("refunds a late payment through the Refunds API with an idempotency key, once", async () => {
      const { db } = t().app.deps;
      const { checkout, slot } = await openOrder(t());
      await db
        .updateTable("bookings")
        .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", checkout.bookingId)
        .execute();
      const rival = await t().signIn(`rival-${counter}@example.com`);
      expect(
        (
          await t().request({
            method: "POST",
            url: "/api/holds",
            cookie: rival,
            payload: { kind: "mock", targetId: slot.id },
          })
        ).statusCode,
      ).toBe(201);

      const paymentId = `pay_${counter}G`;
      expect(json(await webhook(t(), "payment.captured", checkout.orderId, paymentId, `evt_${counter}G`))).toEqual({
        status: "processed",
      });
      expect(await bookingStatus(t(), checkout.bookingId)).toBe("refunded_late");

      const before = api.refunds.length;
      const runner = createJobRunner(t().app.deps, jobHandlers, "test-worker");
      await runner.runDue();
      await runner.runDue();
      const asked = api.refunds.slice(before);
      expect(asked).toEqual([{ paymentId, amount: 120_000, idempotencyKey: expect.stringMatching(/^refund-/) }]);
      const payment = await db
        .selectFrom("payments")
        .select(["status", "refund_id"])
        .where("order_id", "=", checkout.orderId)
        .executeTakeFirstOrThrow();
      expect(payment).toEqual({ status: "refunded", refund_id: `rfnd_${api.refunds.length}` });
    });

    it("a payment for a checkout replaced by a newer one, by callback or webhook, is refunded through the Refunds API", async () => {
      const { db } = t().app.deps;
      const first = await openOrder(t());
      const { cookie } = first;
      const open = async () => {
        const slot = await buildSlot(db, { capacity: 1 });
        const hold = json<{ id: string }>(
          await t().request({
            method: "POST",
            url: "/api/holds",
            cookie,
            payload: { kind: "mock", targetId: slot.id },
          }),
        );
        return json<{ bookingId: string; orderId: string }>(
          await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
        );
      };
      const second = await open();
      const live = await open();
      // Both replaced checkouts are paid anyway (Checkout was still open in other tabs).
      const byCallback = `pay_${counter}R1`;
      const callback = await t().request({
        method: "POST",
        url: "/api/payments/verify",
        cookie,
        payload: {
          orderId: first.checkout.orderId,
          paymentId: byCallback,
          signature: sign(KEY_SECRET, `${first.checkout.orderId}|${byCallback}`),
        },
      });
      expect(json(callback)).toMatchObject({ status: "refunded_late" });
      const byWebhook = `pay_${counter}R2`;
      expect(json(await webhook(t(), "payment.captured", second.orderId, byWebhook, `evt_${counter}R2`))).toEqual({
        status: "processed",
      });
      const paid = `pay_${counter}R3`;
      expect(json(await webhook(t(), "payment.captured", live.orderId, paid, `evt_${counter}R3`))).toEqual({
        status: "processed",
      });

      const before = api.refunds.length;
      await createJobRunner(t().app.deps, jobHandlers, "test-worker").runDue();
      expect(
        api.refunds
          .slice(before)
          .map((r) => r.paymentId)
          .sort(),
      ).toEqual([byCallback, byWebhook].sort());
      const rows = await db
        .selectFrom("bookings")
        .select(["id", "status", "flag"])
        .where("id", "in", [first.checkout.bookingId, second.bookingId, live.bookingId])
        .execute();
      expect(rows.find((r) => r.id === live.bookingId)?.status).toBe("confirmed");
      expect(rows.filter((r) => r.id !== live.bookingId).map((r) => [r.status, r.flag])).toEqual([
        ["refunded_late", "replaced_checkout_refunded"],
        ["refunded_late", "replaced_checkout_refunded"],
      ]);
    });

    it("a payment.captured webhook on an expired checkout whose coupon others used up is refunded, never confirmed", async () => {
      const { db } = t().app.deps;
      const admin = await t().signInAdmin();
      const code = `RZPONCE${++counter}`;
      await t().request({
        method: "POST",
        url: "/api/admin/coupons",
        cookie: admin,
        payload: { code, percentOff: 50, maxRedemptions: 1 },
      });
      const couponCheckout = async () => {
        const cookie = await t().signIn(`rzp-coupon-${++counter}@example.com`);
        const slot = await buildSlot(db, { capacity: 1 });
        const hold = json<{ id: string }>(
          await t().request({
            method: "POST",
            url: "/api/holds",
            cookie,
            payload: { kind: "mock", targetId: slot.id },
          }),
        );
        return json<{ bookingId: string; orderId: string; amountPaise: number }>(
          await t().request({
            method: "POST",
            url: "/api/checkout",
            cookie,
            payload: { holdId: hold.id, coupon: code },
          }),
        );
      };
      const abandoned = await couponCheckout();
      await db
        .updateTable("bookings")
        .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", abandoned.bookingId)
        .execute();
      const other = await couponCheckout();
      const charged = { amount: 60_000, currency: "INR" };
      const paid = await webhook(
        t(),
        "payment.captured",
        other.orderId,
        `pay_${counter}C1`,
        `evt_${counter}C1`,
        false,
        charged,
      );
      expect(json(paid)).toEqual({ status: "processed" });
      const late = `pay_${counter}C2`;
      const captured = await webhook(
        t(),
        "payment.captured",
        abandoned.orderId,
        late,
        `evt_${counter}C2`,
        false,
        charged,
      );
      expect(json(captured)).toEqual({ status: "processed" });

      const before = api.refunds.length;
      await createJobRunner(t().app.deps, jobHandlers, "test-worker").runDue();
      expect(api.refunds.slice(before)).toEqual([
        { paymentId: late, amount: 60_000, idempotencyKey: expect.any(String) },
      ]);
      const rows = await db
        .selectFrom("bookings")
        .select(["id", "status", "flag"])
        .where("id", "in", [abandoned.bookingId, other.bookingId])
        .orderBy("created_at")
        .execute();
      expect(rows.map((r) => [r.status, r.flag])).toEqual([
        ["refunded_late", "coupon_limit_refunded"],
        ["confirmed", null],
      ]);
    });

    it("a payment captured after the student erased their account is refunded as replaced and mails no one", async () => {
      const { db } = t().app.deps;
      const { cookie, slot, checkout } = await openOrder(t());
      const { user } = json<{ user: { id: string; email: string } }>(await t().request({ url: "/api/me", cookie }));
      const erased = await t().request({ method: "DELETE", url: "/api/me", cookie, payload: { confirm: user.email } });
      expect(erased.statusCode).toBe(204);

      const late = `pay_${counter}E`;
      expect(json(await webhook(t(), "payment.captured", checkout.orderId, late, `evt_${counter}E`))).toEqual({
        status: "processed",
      });
      const before = api.refunds.length;
      await createJobRunner(t().app.deps, jobHandlers, "test-worker").runDue();
      expect(api.refunds.slice(before).map((r) => r.paymentId)).toEqual([late]);
      const booking = await db
        .selectFrom("bookings")
        .select(["status", "flag"])
        .where("id", "=", checkout.bookingId)
        .executeTakeFirstOrThrow();
      expect(booking).toEqual({ status: "refunded_late", flag: "replaced_checkout_refunded" });
      // The seat went back at the erasure and stays free for others.
      const other = await t().signIn(`rzp-next-${++counter}@example.com`);
      const hold = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: other,
        payload: { kind: "mock", targetId: slot.id },
      });
      expect(hold.statusCode).toBe(201);
      const mailed = await db
        .selectFrom("outbox_messages")
        .select("subject")
        .where("to_address", "in", [user.email, `erased-${user.id}@erased.invalid`])
        .where("subject", "not like", "%sign-in%")
        .execute();
      expect(mailed).toEqual([]);
    });
  },
  {
    PAYMENT_PROVIDER: "razorpay",
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
  },
);
