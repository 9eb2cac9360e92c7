import { expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import type { CouponDto, PriceQuote } from "../../../shared/schemas/coupons.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { createDevProvider } from "../../infrastructure/payments/dev-provider.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { jobHandlers } from "../index.js";

type Checkout = PriceQuote & { bookingId: string; paymentId: string; orderId: string };
type Result = { bookingId: string; status: string; message: string };

let counter = 0;
const LIST_PRICE = 120_000;

async function singleUseCoupon(t: TestApp, admin: string, maxRedemptions = 1): Promise<CouponDto> {
  const res = await t.request({
    method: "POST",
    url: "/api/admin/coupons",
    cookie: admin,
    payload: { code: `ONCE${++counter}`, percentOff: 50, maxRedemptions },
  });
  expect(res.statusCode).toBe(201);
  return json<CouponDto>(res);
}

/** A new student holds a seat in a slot of their own and checks out with the coupon. */
async function studentChecksOut(t: TestApp, coupon: string) {
  const cookie = await t.signIn(email("student"));
  const slot = await buildSlot(t.app.deps.db, { capacity: 2 });
  const hold = await t.request({
    method: "POST",
    url: "/api/holds",
    cookie,
    payload: { kind: "mock", targetId: slot.id },
  });
  const res = await t.request({
    method: "POST",
    url: "/api/checkout",
    cookie,
    payload: { holdId: json<{ id: string }>(hold).id, coupon },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { cookie, order: json<Checkout>(res) };
}

const failPayment = (t: TestApp, s: { cookie: string; order: Checkout }) =>
  t.request({ method: "POST", url: `/api/payments/dev/${s.order.paymentId}/fail`, cookie: s.cookie });

/** The provider's checkout callback for a payment made on this order, signed as the provider signs. */
function payByCallback(t: TestApp, s: { cookie: string; order: Checkout }) {
  const paymentId = `pay_dev_${++counter}`;
  const signature = createDevProvider(t.app.deps.config.authSecret).signCheckout(s.order.orderId, paymentId);
  return t.request({
    method: "POST",
    url: "/api/payments/verify",
    cookie: s.cookie,
    payload: { orderId: s.order.orderId, paymentId, signature },
  });
}

async function windowEnded(t: TestApp, bookingId: string) {
  await t.app.deps.db
    .updateTable("bookings")
    .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", bookingId)
    .execute();
}

async function paidRedemptions(t: TestApp, admin: string, code: string): Promise<number> {
  const { coupons } = json<{ coupons: CouponDto[] }>(await t.request({ url: "/api/admin/coupons", cookie: admin }));
  return coupons.find((c) => c.code === code)?.paidRedemptions ?? Number.NaN;
}

async function adminSees(t: TestApp, admin: string, bookingId: string) {
  const res = await t.request({ url: "/api/admin/bookings?status=refunded_late", cookie: admin });
  return json<{ bookings: AdminBookingDto[] }>(res).bookings.find((b) => b.id === bookingId);
}

describeEachDialect("coupons: the limit holds when a closed checkout is paid late", (t) => {
  it("a failed checkout paid after another student used the last redemption is refunded, never confirmed", async () => {
    const admin = await t().signInAdmin();
    const coupon = await singleUseCoupon(t(), admin);
    const first = await studentChecksOut(t(), coupon.code);
    expect((await failPayment(t(), first)).statusCode).toBe(200);
    const second = await studentChecksOut(t(), coupon.code);
    expect(json<Result>(await payByCallback(t(), second)).status).toBe("confirmed");

    const late = await payByCallback(t(), first);
    expect(late.statusCode).toBe(200);
    expect(json<Result>(late)).toEqual({
      bookingId: first.order.bookingId,
      status: "refunded_late",
      message: PAYMENT_MESSAGES.paymentCouponSpentRefunded,
    });
    expect(await paidRedemptions(t(), admin, coupon.code)).toBe(1);
    expect(await adminSees(t(), admin, first.order.bookingId)).toMatchObject({
      flag: "coupon_limit_refunded",
      payment: { status: "refund_pending" },
    });
    // The callback again changes nothing and says the same.
    expect(json<Result>(await payByCallback(t(), first)).message).toBe(PAYMENT_MESSAGES.paymentCouponSpentRefunded);

    await createJobRunner(t().app.deps, jobHandlers, "test-worker").runDue();
    const me = json<{ user: { email: string } }>(await t().request({ url: "/api/me", cookie: first.cookie }));
    const notice = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .select(["subject", "text"])
      .where("to_address", "=", me.user.email)
      .where("subject", "like", "Refund on its way%")
      .executeTakeFirstOrThrow();
    expect(notice.text).toContain("other students had used every redemption of its coupon");
    const payment = await t()
      .app.deps.db.selectFrom("payments")
      .select("status")
      .where("id", "=", first.order.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("refunded");
  });

  it("an expired checkout paid late loses to a paid redemption and to one still in its payment window", async () => {
    const admin = await t().signInAdmin();
    const spent = await singleUseCoupon(t(), admin);
    const expired = await studentChecksOut(t(), spent.code);
    await windowEnded(t(), expired.order.bookingId);
    const payer = await studentChecksOut(t(), spent.code);
    expect(json<Result>(await payByCallback(t(), payer)).status).toBe("confirmed");
    expect(json<Result>(await payByCallback(t(), expired)).status).toBe("refunded_late");

    // The redemption is still promised to a student who is paying now: the late payment loses.
    const reserved = await singleUseCoupon(t(), admin);
    const lapsed = await studentChecksOut(t(), reserved.code);
    await windowEnded(t(), lapsed.order.bookingId);
    const paying = await studentChecksOut(t(), reserved.code);
    expect(json<Result>(await payByCallback(t(), lapsed)).status).toBe("refunded_late");
    expect(json<Result>(await payByCallback(t(), paying)).status).toBe("confirmed");
    expect(await paidRedemptions(t(), admin, reserved.code)).toBe(1);

    // With the redemption free, a late payment is confirmed at the price it was charged.
    const free = await singleUseCoupon(t(), admin);
    const alone = await studentChecksOut(t(), free.code);
    await windowEnded(t(), alone.order.bookingId);
    expect(json<Result>(await payByCallback(t(), alone)).status).toBe("confirmed");
    expect(alone.order.amountPaise).toBe(LIST_PRICE / 2);
    expect(await paidRedemptions(t(), admin, free.code)).toBe(1);
  });

  it("late payments racing new checkouts and their payments never pay more redemptions than the limit", async () => {
    const admin = await t().signInAdmin();
    const limit = 2;
    const coupon = await singleUseCoupon(t(), admin, limit);
    const closed = [];
    for (let i = 0; i < 6; i++) {
      const student = await studentChecksOut(t(), coupon.code);
      if (i % 2 === 0) await failPayment(t(), student);
      else await windowEnded(t(), student.order.bookingId);
      closed.push(student);
    }
    const live = await Promise.all(Array.from({ length: limit }, () => studentChecksOut(t(), coupon.code)));
    const results = await Promise.all([...closed, ...live].map((s) => payByCallback(t(), s)));
    const statuses = results.map((r) => json<Result>(r).status);
    // The students still in their payment window keep their redemptions; every late payment is refunded.
    expect(statuses.slice(closed.length)).toEqual(["confirmed", "confirmed"]);
    expect(statuses.slice(0, closed.length)).toEqual(Array(closed.length).fill("refunded_late"));
    expect(await paidRedemptions(t(), admin, coupon.code)).toBe(limit);
  });

  it("late payments racing each other for a coupon's last redemptions confirm exactly as many as are left", async () => {
    const admin = await t().signInAdmin();
    const coupon = await singleUseCoupon(t(), admin, 3);
    const closed = [];
    for (let i = 0; i < 8; i++) {
      const student = await studentChecksOut(t(), coupon.code);
      await failPayment(t(), student);
      closed.push(student);
    }
    const results = await Promise.all(closed.map((s) => payByCallback(t(), s)));
    const statuses = results.map((r) => json<Result>(r).status).sort();
    expect(statuses).toEqual([...Array(3).fill("confirmed"), ...Array(5).fill("refunded_late")]);
    expect(await paidRedemptions(t(), admin, coupon.code)).toBe(3);
  });
});
