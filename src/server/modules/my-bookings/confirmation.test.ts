import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Confirmation = {
  session: { bookingId: string; title: string; interviewerName: string; startAt: string; googleCalendarUrl: string };
  price: { listPricePaise: number; discountPaise: number; amountPaise: number; couponCode: string | null };
  icsUrl: string;
};

describeEachDialect("confirmation page: the paid booking's facts (docs/product.md, Booking flow)", (t) => {
  it("answers with what, when, with whom, the price with the coupon's discount and the calendar links", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code: "CAMPUS20", percentOff: 20 },
    });
    const slot = await buildSlot(db, { interviewer_name: "Meera Nair" });
    const cookie = await t().signIn(email("confirmed"));
    const hold = json<{ id: string }>(
      await t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
    );
    const checkout = json<{ bookingId: string; paymentId: string }>(
      await t().request({
        method: "POST",
        url: "/api/checkout",
        cookie,
        payload: { holdId: hold.id, coupon: "campus20" },
      }),
    );
    const before = await t().request({ url: `/api/me/bookings/${checkout.bookingId}/confirmation`, cookie });
    expect(before.statusCode).toBe(404);
    await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie });

    const res = await t().request({ url: `/api/me/bookings/${checkout.bookingId}/confirmation`, cookie });
    expect(res.statusCode).toBe(200);
    const body = json<Confirmation>(res);
    expect(body.session).toMatchObject({
      bookingId: checkout.bookingId,
      interviewerName: "Meera Nair",
      startAt: slot.start_at,
    });
    expect(body.price).toEqual({
      listPricePaise: 120_000,
      discountPaise: 24_000,
      amountPaise: 96_000,
      couponCode: "CAMPUS20",
    });
    expect(body.session.googleCalendarUrl).toContain("calendar.google.com");
    const ics = await t().request({ url: body.icsUrl, cookie });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain("BEGIN:VEVENT");

    const stranger = await t().signIn(email("stranger"));
    expect(
      (await t().request({ url: `/api/me/bookings/${checkout.bookingId}/confirmation`, cookie: stranger })).statusCode,
    ).toBe(404);
  });
});
