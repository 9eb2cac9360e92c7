import { expect, it } from "vitest";
import { createDevProvider } from "../../infrastructure/payments/dev-provider.js";
import { buildSlot } from "../../test/builders.js";
import { describeTwoInstances } from "../../test/test-app.js";

/** Two instances on one PostgreSQL: a coupon's redemption limit holds across them. */
describeTwoInstances("coupons: two app instances on one PostgreSQL", (apps) => {
  it("the last redemption goes to one of two students checking out through different instances", async () => {
    const { first, second } = apps();
    const admin = await first.signInAdmin();
    for (let round = 0; round < 5; round++) {
      const code = `TWIN${round}${Date.now()}`;
      await first.request({
        method: "POST",
        url: "/api/admin/coupons",
        cookie: admin,
        payload: { code, percentOff: 30, maxRedemptions: 1 },
      });
      const students = await Promise.all([0, 1].map((i) => first.signIn(`twin-coupon-${round}-${i}@example.com`)));
      const slots = await Promise.all([buildSlot(first.app.deps.db), buildSlot(first.app.deps.db)]);
      const holds = await Promise.all(
        students.map(async (cookie, i) => {
          const res = await first.request({
            method: "POST",
            url: "/api/holds",
            cookie,
            payload: { kind: "mock", targetId: slots[i]?.id },
          });
          return res.json<{ id: string }>().id;
        }),
      );
      const results = await Promise.all(
        students.map((cookie, i) =>
          (i === 0 ? first.app : second).inject({
            method: "POST",
            url: "/api/checkout",
            headers: { cookie, origin: "http://localhost:3000" },
            payload: { holdId: holds[i], coupon: code },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    }
  });
});

describeTwoInstances("coupons: one quote budget across two app instances", (apps) => {
  it("a student's coupon quotes through either instance spend one hourly budget", async () => {
    const { first, second } = apps();
    const cookie = await first.signIn(`twin-guesser-${Date.now()}@example.com`);
    const slot = await buildSlot(first.app.deps.db);
    const hold = await first.request({
      method: "POST",
      url: "/api/holds",
      cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    const holdId = hold.json<{ id: string }>().id;
    const quote = (app: typeof second, i: number) =>
      app.inject({
        method: "POST",
        url: "/api/checkout/quote",
        headers: { cookie, origin: "http://localhost:3000" },
        payload: { holdId, coupon: `GUESS${i}` },
      });
    const max = first.app.deps.config.couponQuoteRateLimitPerHour;
    const answers = [];
    for (let i = 0; i < max; i++) answers.push((await quote(i % 2 === 0 ? first.app : second, i)).statusCode);
    expect(answers).toEqual(Array(max).fill(400));
    expect((await quote(second, max)).statusCode).toBe(429);
    expect((await quote(first.app, max + 1)).statusCode).toBe(429);
  });
});

describeTwoInstances("coupons: late payments through two app instances", (apps) => {
  it("failed checkouts paid at once through either instance confirm only as many as the limit has left", async () => {
    const { first, second } = apps();
    const admin = await first.signInAdmin();
    const code = `TWINLATE${Date.now()}`;
    await first.request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code, percentOff: 30, maxRedemptions: 2 },
    });
    const sign = createDevProvider(first.app.deps.config.authSecret);
    const closed = [];
    for (let i = 0; i < 6; i++) {
      const cookie = await first.signIn(`twin-late-${i}-${Date.now()}@example.com`);
      const slot = await buildSlot(first.app.deps.db, { capacity: 2 });
      const hold = await first.request({
        method: "POST",
        url: "/api/holds",
        cookie,
        payload: { kind: "mock", targetId: slot.id },
      });
      const order = (
        await first.request({
          method: "POST",
          url: "/api/checkout",
          cookie,
          payload: { holdId: hold.json<{ id: string }>().id, coupon: code },
        })
      ).json<{ paymentId: string; orderId: string }>();
      await first.request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/fail`, cookie });
      closed.push({ cookie, orderId: order.orderId });
    }
    const results = await Promise.all(
      closed.map(({ cookie, orderId }, i) => {
        const paymentId = `pay_twin_${i}_${Date.now()}`;
        return (i % 2 === 0 ? first.app : second).inject({
          method: "POST",
          url: "/api/payments/verify",
          headers: { cookie, origin: "http://localhost:3000" },
          payload: { orderId, paymentId, signature: sign.signCheckout(orderId, paymentId) },
        });
      }),
    );
    const statuses = results.map((r) => r.json<{ status: string }>().status).sort();
    expect(statuses).toEqual([
      "confirmed",
      "confirmed",
      "refunded_late",
      "refunded_late",
      "refunded_late",
      "refunded_late",
    ]);
  });
});
