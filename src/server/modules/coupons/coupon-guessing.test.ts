import { expect, it } from "vitest";
import { COUPON_MESSAGES } from "../../../shared/messages.js";
import type { PriceQuote } from "../../../shared/schemas/coupons.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

let counter = 0;

async function studentWithHold(t: TestApp) {
  const cookie = await t.signIn(email("guesser"));
  const slot = await buildSlot(t.app.deps.db);
  const hold = await t.request({
    method: "POST",
    url: "/api/holds",
    cookie,
    payload: { kind: "mock", targetId: slot.id },
  });
  return { cookie, holdId: json<{ id: string }>(hold).id };
}

const quote = (t: TestApp, student: { cookie: string; holdId: string }, coupon: string) =>
  t.request({
    method: "POST",
    url: "/api/checkout/quote",
    cookie: student.cookie,
    payload: { holdId: student.holdId, coupon },
  });

describeEachDialect("coupons: guessing codes", (t) => {
  it("limits each student's quotes per hour, then answers 429 with Retry-After, even for a real code", async () => {
    const admin = await t().signInAdmin();
    const real = `REAL${++counter}`;
    await t().request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code: real, percentOff: 10 },
    });
    const max = t().app.deps.config.couponQuoteRateLimitPerHour;
    expect(max).toBe(20);

    const guesser = await studentWithHold(t());
    for (let i = 0; i < max; i++) {
      const res = await quote(t(), guesser, `GUESS${i}`);
      expect(json<ApiError>(res).error.message).toBe(COUPON_MESSAGES.notValid);
    }
    const limited = await quote(t(), guesser, real);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(json<ApiError>(limited).error.code).toBe("RATE_LIMITED");
    // A new cookie for the same student buys no fresh budget: the limit follows the account.
    const me = json<{ user: { email: string } }>(await t().request({ url: "/api/me", cookie: guesser.cookie }));
    const sameStudent = { ...guesser, cookie: await t().signIn(me.user.email) };
    expect((await quote(t(), sameStudent, real)).statusCode).toBe(429);

    // Another student behind the same address still gets their price.
    const other = await studentWithHold(t());
    const priced = await quote(t(), other, real);
    expect(priced.statusCode).toBe(200);
    expect(json<PriceQuote>(priced)).toMatchObject({ couponCode: real, discountPaise: 12_000 });
  });

  it("codes refused at checkout spend the same budget, so Proceed to Payment is no way around it", async () => {
    const admin = await t().signInAdmin();
    const real = `REAL${++counter}`;
    await t().request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code: real, percentOff: 10 },
    });
    const max = t().app.deps.config.couponQuoteRateLimitPerHour;
    const guesser = await studentWithHold(t());
    const checkoutWith = (coupon: string) =>
      t().request({
        method: "POST",
        url: "/api/checkout",
        cookie: guesser.cookie,
        payload: { holdId: guesser.holdId, coupon },
      });
    // Half the budget on quotes, half at checkout, all at once.
    const tries = await Promise.all(
      Array.from({ length: max }, (_, i) =>
        i % 2 === 0 ? quote(t(), guesser, `GUESS${i}`) : checkoutWith(`GUESS${i}`),
      ),
    );
    expect(tries.map((r) => json<ApiError>(r).error.message)).toEqual(Array(max).fill(COUPON_MESSAGES.notValid));
    for (const res of [await checkoutWith(real), await quote(t(), guesser, real)]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The hold was never touched: it still checks out without a coupon.
    expect((await checkoutWith("")).statusCode).toBe(201);
  });

  it("a code that works at checkout spends nothing from the budget", async () => {
    const admin = await t().signInAdmin();
    const real = `REAL${++counter}`;
    await t().request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code: real, percentOff: 10 },
    });
    const student = await studentWithHold(t());
    const max = t().app.deps.config.couponQuoteRateLimitPerHour;
    for (let i = 0; i < max - 1; i++) await quote(t(), student, `GUESS${i}`);
    const checkout = await t().request({
      method: "POST",
      url: "/api/checkout",
      cookie: student.cookie,
      payload: { holdId: student.holdId, coupon: real },
    });
    expect(checkout.statusCode).toBe(201);
    const slot = await buildSlot(t().app.deps.db);
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: student.cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    const next = { cookie: student.cookie, holdId: json<{ id: string }>(hold).id };
    expect((await quote(t(), next, "ONE-MORE")).statusCode).toBe(400);
    expect((await quote(t(), next, "TOO-MANY")).statusCode).toBe(429);
  });
});
