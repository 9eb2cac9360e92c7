import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { DevCheckout } from "../../../shared/schemas/booking.js";
import { formatDayLabel, formatInstant } from "../../../shared/time.js";
import {
  buildApplication,
  buildInternship,
  buildInterviewer,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

/** Holds the seat, checks out (with a coupon if given) and opens the test-mode checkout page's data. */
async function openCheckout(
  t: TestApp,
  cookie: string,
  hold: { kind: string; targetId: string },
  coupon?: string,
): Promise<DevCheckout> {
  const held = await t.request({ method: "POST", url: "/api/holds", cookie, payload: hold });
  expect(held.statusCode).toBe(201);
  const holdId = json<{ id: string }>(held).id;
  const order = await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId, coupon } });
  expect(order.statusCode).toBe(201);
  const paymentId = json<{ paymentId: string }>(order).paymentId;
  return json<DevCheckout>(await t.request({ url: `/api/payments/dev/${paymentId}`, cookie }));
}

describeEachDialect("the test-mode checkout's order summary", (t) => {
  it("says what, when in IST, with whom, the price and the coupon's discount, from the stored booking", async () => {
    const interviewer = await buildInterviewer(t().app.deps.db, { name: "Meera Nair", qualification: "SDE II, Zoho" });
    const slot = await buildSlot(t().app.deps.db, { interviewer_id: interviewer.id, interviewer_name: "Meera Nair" });
    const admin = await t().signInAdmin();
    const code = `SUM${randomUUID().slice(0, 6).toUpperCase()}`;
    const coupon = await t().request({
      method: "POST",
      url: "/api/admin/coupons",
      cookie: admin,
      payload: { code, percentOff: 25 },
    });
    expect(coupon.statusCode).toBe(201);
    const student = await t().signIn(email("summary"));

    const page = await openCheckout(t(), student, { kind: "mock", targetId: slot.id }, code);
    expect(page.summary).toEqual({
      what: "Mock interview · Service-based (TR, HR, Resume)",
      when: formatInstant(slot.start_at, "Asia/Kolkata", "IST"),
      withWhom: "Meera Nair, SDE II, Zoho",
      price: { listPricePaise: 120_000, discountPaise: 30_000, amountPaise: 90_000, couponCode: code },
    });
    expect(page.summary?.when).toMatch(/IST$/);

    // Someone else's checkout says nothing about it.
    const other = await t().signIn(email("other"));
    const foreign = await t().request({ url: `/api/payments/dev/${page.paymentId}`, cookie: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("Meera");
  });

  it("describes a workshop session and an internship batch the way the booking page does", async () => {
    const db = t().app.deps.db;
    const host = await buildInterviewer(db, { name: "Kiran Shah" });
    const workshop = await buildWorkshop(db, {
      topic_key: "ws_dsa",
      title: "Graphs in practice",
      level: "Advanced",
      host_interviewer_id: host.id,
    });
    const batch = await buildInternship(db, { title: "Frontend Batch", mentor: "Ananya Iyer", weeks: 6 });
    const studentEmail = email("kinds");
    const student = await t().signIn(studentEmail);

    const session = await openCheckout(t(), student, { kind: "workshop", targetId: workshop.id });
    expect(session.summary).toEqual({
      what: "DSA workshop · Graphs in practice (Advanced)",
      when: formatInstant(workshop.start_at, "Asia/Kolkata", "IST"),
      withWhom: "Kiran Shah",
      price: {
        listPricePaise: session.amountPaise,
        discountPaise: 0,
        amountPaise: session.amountPaise,
        couponCode: null,
      },
    });

    // After paying, the dashboard's session names the same host ("with Kiran Shah").
    await t().request({ method: "POST", url: `/api/payments/dev/${session.paymentId}/pay`, cookie: student });
    const dashboard = await t().request({ url: "/api/dashboard", cookie: student });
    expect(dashboard.body).toContain('"interviewerName":"Kiran Shah"');

    await buildApplication(db, await findUserId(db, studentEmail), batch.id);
    const internship = await openCheckout(t(), student, { kind: "internship", targetId: batch.id });
    expect(internship.summary).toMatchObject({
      what: "Frontend Batch · 6 weeks",
      when: `Starts ${formatDayLabel(batch.start_date)}`,
      withWhom: "Mentor Ananya Iyer",
      price: { discountPaise: 0, amountPaise: internship.amountPaise },
    });
  });
});
