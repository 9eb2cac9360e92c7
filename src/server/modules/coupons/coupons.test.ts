import { expect, it } from "vitest";
import { COUPON_MESSAGES } from "../../../shared/messages.js";
import type { CouponDto, PriceQuote } from "../../../shared/schemas/coupons.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Checkout = PriceQuote & { bookingId: string; paymentId: string; orderId: string };

let counter = 0;
const SERVICE_PRICE = 120_000;

async function createCoupon(t: TestApp, admin: string, body: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/admin/coupons", cookie: admin, payload: body });
}

async function holdSeat(t: TestApp, cookie: string, slotId: string): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/holds",
    cookie,
    payload: { kind: "mock", targetId: slotId },
  });
  if (res.statusCode !== 201) throw new Error(`hold failed: ${res.body}`);
  return json<{ id: string }>(res).id;
}

function checkout(t: TestApp, cookie: string, holdId: string, coupon?: string) {
  return t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId, coupon } });
}

async function couponNamed(t: TestApp, admin: string, code: string): Promise<CouponDto | undefined> {
  const { coupons } = json<{ coupons: CouponDto[] }>(await t.request({ url: "/api/admin/coupons", cookie: admin }));
  return coupons.find((c) => c.code === code);
}

const code = (prefix: string) => `${prefix}${++counter}`;

describeEachDialect("coupons", (t) => {
  it("an admin creates coupons; bad ones are refused with the reason, and only admins may", async () => {
    const admin = await t().signInAdmin();
    const created = await createCoupon(t(), admin, {
      code: code("campus-"),
      percentOff: 20,
      maxRedemptions: 50,
      packages: ["service", "product"],
      validTo: "2099-03-31T23:59:59+05:30",
    });
    expect(created.statusCode).toBe(201);
    expect(json<CouponDto>(created)).toMatchObject({
      percentOff: 20,
      amountOffPaise: null,
      maxRedemptions: 50,
      packages: ["service", "product"],
      active: true,
      redemptions: 0,
      validTo: "2099-03-31T18:29:59.000Z",
    });
    expect(json<CouponDto>(created).code).toMatch(/^CAMPUS-\d+$/);

    const refusals: [Record<string, unknown>, string][] = [
      [{ code: code("BOTH"), percentOff: 10, amountOffPaise: 5000 }, COUPON_MESSAGES.discountRequired],
      [{ code: code("NONE") }, COUPON_MESSAGES.discountRequired],
      [{ code: "x!", percentOff: 10 }, COUPON_MESSAGES.codeFormat],
      [{ code: code("BIG"), percentOff: 101 }, COUPON_MESSAGES.percentRange],
      [{ code: code("NEG"), amountOffPaise: -5 }, COUPON_MESSAGES.amountPositive],
      [{ code: code("LIM"), percentOff: 5, maxRedemptions: 0 }, COUPON_MESSAGES.maxRedemptionsPositive],
      [
        { code: code("RANGE"), percentOff: 5, validFrom: "2099-02-01T00:00:00Z", validTo: "2099-01-01T00:00:00Z" },
        COUPON_MESSAGES.validRange,
      ],
      [{ code: code("PKG"), percentOff: 5, packages: ["gold"] }, ""],
    ];
    for (const [body, message] of refusals) {
      const res = await createCoupon(t(), admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(json<ApiError>(res).error.message).toBe(message);
    }
    const again = await createCoupon(t(), admin, { code: json<CouponDto>(created).code.toLowerCase(), percentOff: 5 });
    expect(json<ApiError>(again).error).toMatchObject({
      code: "CONFLICT",
      message: COUPON_MESSAGES.codeTaken(json<CouponDto>(created).code),
    });

    const student = await t().signIn(email("nosy"));
    expect((await createCoupon(t(), student, { code: code("MINE"), percentOff: 90 })).statusCode).toBe(403);
    expect((await t().request({ url: "/api/admin/coupons", cookie: student })).statusCode).toBe(403);
    expect((await createCoupon(t(), "", { code: code("ANON"), percentOff: 90 })).statusCode).toBe(401);
  });

  it("lists coupons newest first a page at a time, each with its own use", async () => {
    const admin = await t().signInAdmin();
    const codes = [code("PAGEA"), code("PAGEB"), code("PAGEC")];
    for (const c of codes) expect((await createCoupon(t(), admin, { code: c, percentOff: 10 })).statusCode).toBe(201);
    const student = await t().signIn(email("pager"));
    const slot = await buildSlot(t().app.deps.db);
    const paid = json<Checkout>(await checkout(t(), student, await holdSeat(t(), student, slot.id), codes[1]));
    await t().request({ method: "POST", url: `/api/payments/dev/${paid.paymentId}/pay`, cookie: student });

    const seen: CouponDto[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const url: string = `/api/admin/coupons?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = json<{ coupons: CouponDto[]; nextCursor: string | null }>(await t().request({ url, cookie: admin }));
      expect(page.coupons.length).toBeLessThanOrEqual(2);
      seen.push(...page.coupons);
      cursor = page.nextCursor;
    }
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
    expect(seen.slice(0, 3).map((c) => c.code)).toEqual([...codes].reverse());
    expect(seen.find((c) => c.code === codes[1])).toMatchObject({ redemptions: 1, paidRedemptions: 1 });
    expect(seen.find((c) => c.code === codes[0])).toMatchObject({ redemptions: 0 });
  });

  it("checkout charges the discounted price, shows it before paying, and the payment is for that amount", async () => {
    const admin = await t().signInAdmin();
    const percent = json<CouponDto>(await createCoupon(t(), admin, { code: code("PCT"), percentOff: 15 }));
    const flat = json<CouponDto>(await createCoupon(t(), admin, { code: code("FLAT"), amountOffPaise: 25_000 }));
    const student = await t().signIn(email("saver"));
    const slot = await buildSlot(t().app.deps.db, { capacity: 3 });

    let holdId = await holdSeat(t(), student, slot.id);
    const quote = await t().request({
      method: "POST",
      url: "/api/checkout/quote",
      cookie: student,
      payload: { holdId, coupon: flat.code.toLowerCase() },
    });
    expect(json<PriceQuote>(quote)).toEqual({
      listPricePaise: SERVICE_PRICE,
      discountPaise: 25_000,
      amountPaise: 95_000,
      couponCode: flat.code,
    });

    const res = await checkout(t(), student, holdId, percent.code);
    expect(res.statusCode).toBe(201);
    const order = json<Checkout>(res);
    expect(order).toMatchObject({
      listPricePaise: SERVICE_PRICE,
      discountPaise: 18_000,
      amountPaise: 102_000,
      couponCode: percent.code,
    });
    // A repeated Proceed answers with the same order and the same price.
    expect(json<Checkout>(await checkout(t(), student, holdId, percent.code))).toMatchObject({
      orderId: order.orderId,
      amountPaise: 102_000,
      discountPaise: 18_000,
    });
    const page = json<{ amountPaise: number }>(
      await t().request({ url: `/api/payments/dev/${order.paymentId}`, cookie: student }),
    );
    expect(page.amountPaise).toBe(102_000);
    await t().request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie: student });
    expect((await couponNamed(t(), admin, percent.code))?.paidRedemptions).toBe(1);
    expect((await couponNamed(t(), admin, percent.code))?.discountPaise).toBe(18_000);

    // Without a coupon, the list price.
    const other = await t().signIn(email("payer"));
    holdId = await holdSeat(t(), other, slot.id);
    expect(json<Checkout>(await checkout(t(), other, holdId))).toMatchObject({
      amountPaise: SERVICE_PRICE,
      discountPaise: 0,
      couponCode: null,
    });
  });

  it("refuses an unknown, inactive, early, expired or other-package coupon, the first four alike, and keeps the hold", async () => {
    const admin = await t().signInAdmin();
    const early = json<CouponDto>(
      await createCoupon(t(), admin, { code: code("SOON"), percentOff: 10, validFrom: "2099-01-01T00:00:00Z" }),
    );
    const expired = json<CouponDto>(
      await createCoupon(t(), admin, { code: code("OLD"), percentOff: 10, validTo: "2001-01-01T00:00:00Z" }),
    );
    const maang = json<CouponDto>(
      await createCoupon(t(), admin, { code: code("MAANG"), percentOff: 10, packages: ["maang"] }),
    );
    const off = json<CouponDto>(await createCoupon(t(), admin, { code: code("OFF"), percentOff: 10 }));
    const deactivated = await t().request({
      method: "POST",
      url: `/api/admin/coupons/${off.id}/deactivate`,
      cookie: admin,
    });
    expect(json<CouponDto>(deactivated).active).toBe(false);

    const student = await t().signIn(email("unlucky"));
    const slot = await buildSlot(t().app.deps.db);
    const holdId = await holdSeat(t(), student, slot.id);
    // A guesser cannot tell a made-up code from a real one that is off or outside its dates.
    const cases: [string, string][] = [
      ["NO-SUCH-CODE", COUPON_MESSAGES.notValid],
      [off.code, COUPON_MESSAGES.notValid],
      [early.code, COUPON_MESSAGES.notValid],
      [expired.code, COUPON_MESSAGES.notValid],
      [maang.code, COUPON_MESSAGES.notForPackage],
    ];
    for (const [coupon, message] of cases) {
      for (const url of ["/api/checkout/quote", "/api/checkout"]) {
        const res = await t().request({ method: "POST", url, cookie: student, payload: { holdId, coupon } });
        expect(res.statusCode, `${url} ${coupon}`).toBe(400);
        expect(json<ApiError>(res).error).toEqual({ code: "VALIDATION", message, field: "coupon" });
      }
    }
    // Nothing was taken: the same hold still checks out.
    expect((await checkout(t(), student, holdId)).statusCode).toBe(201);
  });

  it("a coupon with one redemption left is used once when two students check out at the same moment", async () => {
    const admin = await t().signInAdmin();
    for (let round = 0; round < 3; round++) {
      const last = json<CouponDto>(
        await createCoupon(t(), admin, { code: code("LAST"), percentOff: 50, maxRedemptions: 1 }),
      );
      // Different slots, so nothing but the coupon ties the two checkouts together.
      const slots = await Promise.all([buildSlot(t().app.deps.db), buildSlot(t().app.deps.db)]);
      const students = await Promise.all([t().signIn(email("racer-a")), t().signIn(email("racer-b"))]);
      const holds = await Promise.all(students.map((s, i) => holdSeat(t(), s, slots[i]?.id ?? "")));
      const results = await Promise.all(students.map((s, i) => checkout(t(), s, holds[i] ?? "", last.code)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      expect(loser && json<ApiError>(loser).error.message).toBe(COUPON_MESSAGES.usedUp);
      expect(results.filter((r) => r.statusCode === 201).map((r) => json<Checkout>(r).amountPaise)).toEqual([60_000]);
      expect((await couponNamed(t(), admin, last.code))?.redemptions).toBe(1);
    }
  });

  it("twenty students racing for a coupon with five redemptions get exactly five discounts", async () => {
    const admin = await t().signInAdmin();
    const five = json<CouponDto>(
      await createCoupon(t(), admin, { code: code("FIVE"), amountOffPaise: 10_000, maxRedemptions: 5 }),
    );
    const slots = await Promise.all(Array.from({ length: 20 }, () => buildSlot(t().app.deps.db)));
    const students = await Promise.all(Array.from({ length: 20 }, () => t().signIn(email("crowd"))));
    const holds = await Promise.all(students.map((s, i) => holdSeat(t(), s, slots[i]?.id ?? "")));
    const results = await Promise.all(students.map((s, i) => checkout(t(), s, holds[i] ?? "", five.code)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect((await couponNamed(t(), admin, five.code))?.redemptions).toBe(5);
  });

  it("a cancelled booking and a checkout that ran out give their redemption back", async () => {
    const admin = await t().signInAdmin();
    const once = json<CouponDto>(
      await createCoupon(t(), admin, { code: code("ONCE"), percentOff: 10, maxRedemptions: 1 }),
    );
    const slot = await buildSlot(t().app.deps.db, { capacity: 3 });
    const first = await t().signIn(email("first"));
    const order = json<Checkout>(await checkout(t(), first, await holdSeat(t(), first, slot.id), once.code));
    await t().request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie: first });

    const second = await t().signIn(email("second"));
    const secondHold = await holdSeat(t(), second, slot.id);
    expect((await checkout(t(), second, secondHold, once.code)).statusCode).toBe(409);

    const cancelled = await t().request({
      method: "POST",
      url: `/api/admin/bookings/${order.bookingId}/cancel`,
      cookie: admin,
      payload: { reason: "Campus event moved" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await couponNamed(t(), admin, once.code))?.redemptions).toBe(0);
    const secondOrder = json<Checkout>(await checkout(t(), second, secondHold, once.code));
    expect(secondOrder.discountPaise).toBe(12_000);

    // The second student never pays and the payment window ends: the redemption comes back again.
    await t()
      .app.deps.db.updateTable("bookings")
      .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", secondOrder.bookingId)
      .execute();
    expect((await couponNamed(t(), admin, once.code))?.redemptions).toBe(0);
    const third = await t().signIn(email("third"));
    expect((await checkout(t(), third, await holdSeat(t(), third, slot.id), once.code)).statusCode).toBe(201);
  });

  it("never takes the price below ₹1, the smallest order the payment provider accepts", async () => {
    const admin = await t().signInAdmin();
    const free = json<CouponDto>(await createCoupon(t(), admin, { code: code("FREE"), percentOff: 100 }));
    const student = await t().signIn(email("free"));
    const slot = await buildSlot(t().app.deps.db);
    const order = json<Checkout>(await checkout(t(), student, await holdSeat(t(), student, slot.id), free.code));
    expect(order).toMatchObject({ amountPaise: 100, discountPaise: SERVICE_PRICE - 100 });
  });
});
