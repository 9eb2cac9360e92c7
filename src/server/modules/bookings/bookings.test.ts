import { expect, it } from "vitest";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Hold = { id: string; expiresAt: string; packageKey: string };
type Checkout = { bookingId: string; paymentId: string; orderId: string; amountPaise: number; provider: string };

async function hold(t: TestApp, cookie: string, body: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/holds", cookie, payload: body });
}

async function bookAndPay(t: TestApp, cookie: string, targetId: string, kind = "mock") {
  const held = json<Hold>(await hold(t, cookie, { kind, targetId }));
  const checkout = json<Checkout>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } }),
  );
  const paid = await t.request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie });
  return { checkout, paid };
}

describeEachDialect("booking: test-mode payment", (t) => {
  it("confirms a paid booking at the catalog price, e-mails the invite and marks the booking done", async () => {
    const address = email("payer");
    const cookie = await t().signIn(address);
    const slot = await buildSlot(t().app.deps.db);
    const { checkout, paid } = await bookAndPay(t(), cookie, slot.id);
    expect(checkout).toMatchObject({ provider: "dev", amountPaise: 120_000 });
    expect(checkout.orderId).toMatch(/^order_dev_/);
    expect(json(paid)).toMatchObject({ bookingId: checkout.bookingId, status: "confirmed" });
    expect(json<{ bookingDone: boolean }>(await t().request({ url: "/api/me", cookie })).bookingDone).toBe(true);
    const mail = (await findRecentOutboxMessages(t().app.deps.db, 20)).find(
      (m) => m.to_address === address && m.subject.startsWith("Booking confirmed"),
    );
    expect(mail?.text).toMatch(/\d{1,2}:\d{2}\s(am|pm) IST/i);
    const [invite] = JSON.parse(mail?.attachments ?? "[]") as { contentType: string; content: string }[];
    expect(invite?.contentType).toContain("text/calendar");
    expect(invite?.content).toContain(`UID:booking-${checkout.bookingId}@careerprep`);
    expect(invite?.content).toContain("METHOD:REQUEST");
    const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(invite?.content).toContain(`DTSTART:${utc(slot.start_at)}`);
    // Paying again changes nothing, and sends nothing.
    const again = await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie });
    expect(json(again)).toMatchObject({ status: "confirmed" });
    const confirmations = (await findRecentOutboxMessages(t().app.deps.db, 50)).filter(
      (m) => m.to_address === address && m.subject.startsWith("Booking confirmed"),
    );
    expect(confirmations).toHaveLength(1);
    const bookings = await t()
      .app.deps.db.selectFrom("bookings")
      .select("status")
      .where("target_id", "=", slot.id)
      .execute();
    expect(bookings).toEqual([{ status: "confirmed" }]);
  });

  it("charges the price of the moment: a price change reaches the next checkout", async () => {
    await t()
      .app.deps.db.updateTable("catalog_items")
      .set({ price_paise: 150_000 })
      .where("key", "=", "ws_dsa")
      .execute();
    const workshop = await buildWorkshop(t().app.deps.db, { topic_key: "ws_dsa" });
    const cookie = await t().signIn(email("ws"));
    const { checkout } = await bookAndPay(t(), cookie, workshop.id, "workshop");
    expect(checkout.amountPaise).toBe(150_000);
  });

  it("only a seat kept after a failed payment is a retry, not an ordinary hold or one taken after it", async () => {
    const [first, second] = [await buildSlot(t().app.deps.db), await buildSlot(t().app.deps.db)];
    const cookie = await t().signIn(email("no-retry"));
    const mine = async () =>
      json<{ holds: { targetId: string; afterFailedPayment: boolean }[] }>(
        await t().request({ url: "/api/holds/mine", cookie }),
      ).holds;
    const held = json<Hold>(await hold(t(), cookie, { kind: "mock", targetId: first.id }));
    expect(await mine()).toEqual([expect.objectContaining({ targetId: first.id, afterFailedPayment: false })]);

    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } }),
    );
    await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/fail`, cookie });
    expect(await mine()).toEqual([expect.objectContaining({ targetId: first.id, afterFailedPayment: true })]);
    await hold(t(), cookie, { kind: "mock", targetId: second.id });
    expect(await mine()).toEqual([expect.objectContaining({ targetId: second.id, afterFailedPayment: false })]);
  });

  it("a failed payment keeps the seat for the student's retry; releasing it frees the seat at once", async () => {
    const slot = await buildSlot(t().app.deps.db, { capacity: 1 });
    const a = await t().signIn(email("fails"));
    const held = json<Hold>(await hold(t(), a, { kind: "mock", targetId: slot.id }));
    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: a, payload: { holdId: held.id } }),
    );
    const b = await t().signIn(email("next"));
    expect((await hold(t(), b, { kind: "mock", targetId: slot.id })).statusCode).toBe(409);
    const failed = await t().request({
      method: "POST",
      url: `/api/payments/dev/${checkout.paymentId}/fail`,
      cookie: a,
    });
    expect(json(failed)).toMatchObject({
      status: "failed",
      message: "The payment did not go through. Your seat is still held for you: retry before the timer ends.",
    });
    // docs/decisions/0130-failed-payment-keeps-the-seat.md: the seat is the student's until the payment window ends.
    expect((await hold(t(), b, { kind: "mock", targetId: slot.id })).statusCode).toBe(409);
    const mine = json<{ holds: (Hold & { targetId: string; msLeft: number })[] }>(
      await t().request({ url: "/api/holds/mine", cookie: a }),
    );
    expect(mine.holds).toHaveLength(1);
    expect(mine.holds[0]).toMatchObject({ targetId: slot.id, packageKey: "service", afterFailedPayment: true });
    expect(mine.holds[0]?.msLeft).toBeGreaterThan(0);

    // Retry: the kept hold goes to payment again and is paid.
    const retry = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: a, payload: { holdId: mine.holds[0]?.id } }),
    );
    expect(retry.bookingId).not.toBe(checkout.bookingId);
    const paid = await t().request({ method: "POST", url: `/api/payments/dev/${retry.paymentId}/pay`, cookie: a });
    expect(json(paid)).toMatchObject({ status: "confirmed" });

    // A student who gives up releases the kept seat, and the next student gets it.
    const other = await buildSlot(t().app.deps.db, { capacity: 1 });
    const c = await t().signIn(email("gives-up"));
    const heldC = json<Hold>(await hold(t(), c, { kind: "mock", targetId: other.id }));
    const checkoutC = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: c, payload: { holdId: heldC.id } }),
    );
    await t().request({ method: "POST", url: `/api/payments/dev/${checkoutC.paymentId}/fail`, cookie: c });
    const kept = json<{ holds: Hold[] }>(await t().request({ url: "/api/holds/mine", cookie: c })).holds[0];
    await t().request({ method: "DELETE", url: `/api/holds/${kept?.id}`, cookie: c });
    expect((await hold(t(), b, { kind: "mock", targetId: other.id })).statusCode).toBe(201);
  });

  it("a failed payment after the payment window ended releases the seat", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const a = await t().signIn(email("fails-late"));
    const held = json<Hold>(await hold(t(), a, { kind: "mock", targetId: slot.id }));
    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: a, payload: { holdId: held.id } }),
    );
    await db
      .updateTable("bookings")
      .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", checkout.bookingId)
      .execute();
    const failed = await t().request({
      method: "POST",
      url: `/api/payments/dev/${checkout.paymentId}/fail`,
      cookie: a,
    });
    expect(json(failed)).toMatchObject({
      status: "failed",
      message: "The payment did not go through. Your seat has been released.",
    });
    const b = await t().signIn(email("next-late"));
    expect((await hold(t(), b, { kind: "mock", targetId: slot.id })).statusCode).toBe(201);
  });

  it("a Fail after the payment went through changes nothing and says it is confirmed", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const cookie = await t().signIn(email("paid-then-fail"));
    const { checkout } = await bookAndPay(t(), cookie, slot.id);
    const late = await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/fail`, cookie });
    expect(json(late)).toEqual({
      bookingId: checkout.bookingId,
      status: "confirmed",
      message: "Payment received. Your seat is confirmed.",
    });
  });

  it("a student back on the list while their payment is open is told so, not that they have a seat", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const cookie = await t().signIn(email("came-back"));
    const held = json<Hold>(await hold(t(), cookie, { kind: "mock", targetId: slot.id }));
    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } }),
    );
    const again = await hold(t(), cookie, { kind: "mock", targetId: slot.id });
    expect(json<ApiError>(again).error.message).toBe(
      "Your payment for this session is still open. If you closed the payment window, try again in a few minutes.",
    );
    await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie });
    const paid = await hold(t(), cookie, { kind: "mock", targetId: slot.id });
    expect(json<ApiError>(paid).error.message).toBe("You already have a seat in this session.");
  });

  it("a retried 'Proceed to Payment' returns the same order instead of a second booking", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const cookie = await t().signIn(email("retry"));
    const held = json<Hold>(await hold(t(), cookie, { kind: "mock", targetId: slot.id }));
    const first = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } }),
    );
    const second = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } }),
    );
    expect(second.orderId).toBe(first.orderId);
  });

  it("a double click on 'Proceed to Payment' opens one order, answered to both clicks", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const cookie = await t().signIn(email("double"));
    const held = json<Hold>(await hold(t(), cookie, { kind: "mock", targetId: slot.id }));
    const clicks = await Promise.all(
      [1, 2, 3].map(() => t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } })),
    );
    expect(clicks.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(clicks.map((r) => json<Checkout>(r).orderId)).size).toBe(1);
    const payments = await t()
      .app.deps.db.selectFrom("payments")
      .select("id")
      .where("booking_id", "=", held.id)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it("refunds and flags a payment that arrives after its seat went to someone else", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const late = await t().signIn(email("slow"));
    const held = json<Hold>(await hold(t(), late, { kind: "mock", targetId: slot.id }));
    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: late, payload: { holdId: held.id } }),
    );
    await db
      .updateTable("bookings")
      .set({ seat_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", checkout.bookingId)
      .execute();
    const quick = await t().signIn(email("quick"));
    await bookAndPay(t(), quick, slot.id);

    const res = await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie: late });
    expect(json(res)).toMatchObject({ status: "refunded_late" });
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", checkout.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: "refunded_late", flag: "late_payment_refunded" });
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", checkout.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("refund_pending");
    expect(
      await db.selectFrom("jobs").select("type").where("dedupe_key", "=", `refund:${payment.id}`).executeTakeFirst(),
    ).toEqual({ type: "refund" });
    const confirmed = await db
      .selectFrom("bookings")
      .select("user_id")
      .where("target_id", "=", slot.id)
      .where("status", "=", "confirmed")
      .execute();
    expect(confirmed).toEqual([
      {
        user_id: await findUserId(
          db,
          (
            await db
              .selectFrom("user")
              .select("email")
              .where("id", "=", confirmed[0]?.user_id ?? "")
              .executeTakeFirstOrThrow()
          ).email,
        ),
      },
    ]);
  });

  it("a student cannot pay or see another student's order", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const owner = await t().signIn(email("owner"));
    const held = json<Hold>(await hold(t(), owner, { kind: "mock", targetId: slot.id }));
    const checkout = json<Checkout>(
      await t().request({ method: "POST", url: "/api/checkout", cookie: owner, payload: { holdId: held.id } }),
    );
    const stranger = await t().signIn(email("stranger"));
    expect((await t().request({ url: `/api/payments/dev/${checkout.paymentId}`, cookie: stranger })).statusCode).toBe(
      404,
    );
    expect(
      (await t().request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie: stranger }))
        .statusCode,
    ).toBe(404);
  });
});
