import { expect, it } from "vitest";
import { MESSAGES } from "../../../shared/messages.js";
import { createDevProvider } from "../../infrastructure/payments/dev-provider.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Order = { bookingId: string; paymentId: string; orderId: string };
type Result = { bookingId: string; status: string; message: string };

let counter = 0;

/** A student checks out the last seat of a new slot, and the payment fails (the checkout was closed). */
async function failedCheckout(t: TestApp) {
  const cookie = await t.signIn(email("retrying"));
  const slot = await buildSlot(t.app.deps.db, { capacity: 1 });
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
  );
  const order = json<Order>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
  );
  await t.request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/fail`, cookie });
  return { cookie, slot, order };
}

/** The provider's callback for a payment that still went through on the failed order (a UPI approval, say). */
function payByCallback(t: TestApp, cookie: string, orderId: string) {
  const paymentId = `pay_dev_${++counter}`;
  const signature = createDevProvider(t.app.deps.config.authSecret).signCheckout(orderId, paymentId);
  return t.request({ method: "POST", url: "/api/payments/verify", cookie, payload: { orderId, paymentId, signature } });
}

const holdsOn = (t: TestApp, slotId: string) =>
  t.app.deps.db.selectFrom("holds").select("id").where("target_id", "=", slotId).execute();

describeEachDialect("payments: a failed checkout paid after all", (t) => {
  it("is confirmed on the seat still kept for the student, and the kept hold is used up", async () => {
    const { cookie, slot, order } = await failedCheckout(t());
    expect(await holdsOn(t(), slot.id)).toHaveLength(1);

    const paid = await payByCallback(t(), cookie, order.orderId);
    expect(json<Result>(paid)).toEqual({
      bookingId: order.bookingId,
      status: "confirmed",
      message: MESSAGES.paymentConfirmed,
    });
    expect(await holdsOn(t(), slot.id)).toEqual([]);
    // One seat, one booking: nobody else can hold it now.
    const other = await t().signIn(email("other"));
    const refused = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: other,
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(refused.statusCode).toBe(409);
  });

  it("is refunded as late once the student let the kept seat go and someone else took it", async () => {
    const { cookie, slot, order } = await failedCheckout(t());
    const [kept] = await holdsOn(t(), slot.id);
    await t().request({ method: "DELETE", url: `/api/holds/${kept?.id}`, cookie });
    const other = await t().signIn(email("other"));
    const taken = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: other,
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(taken.statusCode).toBe(201);

    const paid = await payByCallback(t(), cookie, order.orderId);
    expect(json<Result>(paid)).toMatchObject({ status: "refunded_late", message: MESSAGES.paymentLateRefunded });
    expect(await holdsOn(t(), slot.id)).toHaveLength(1);
  });
});
