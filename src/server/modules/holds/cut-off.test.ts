import { expect, it } from "vitest";
import { BOOKING_CUTOFF_HOURS } from "../../../shared/constants.js";
import { JOURNEY_MESSAGES } from "../../../shared/messages.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot, buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

/** An instant `minutes` away from the booking cut-off (negative: inside it). */
const fromCutoff = (minutes: number) =>
  new Date(Date.now() + BOOKING_CUTOFF_HOURS * 3_600_000 + minutes * 60_000).toISOString();
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

describeEachDialect("booking cut-off: no booking in a session's last 2 hours (docs/product.md, Holds)", (t) => {
  it("a slot inside the cut-off is not listed and cannot be held, with a clear message; one just after it can", async () => {
    const { db } = t().app.deps;
    const closingStart = fromCutoff(-5);
    const closing = await buildSlot(db, { start_at: closingStart, end_at: later(closingStart, 45) });
    const openStart = fromCutoff(5);
    const open = await buildSlot(db, { start_at: openStart, end_at: later(openStart, 45) });
    const cookie = await t().signIn(email("late"));

    const listing = json<{ slots: { id: string }[] }>(
      await t().request({ method: "GET", url: "/api/slots?package=service" }),
    );
    expect(listing.slots.map((s) => s.id)).not.toContain(closing.id);
    expect(listing.slots.map((s) => s.id)).toContain(open.id);

    const hold = (targetId: string) =>
      t().request({
        method: "POST",
        url: "/api/holds",
        cookie,
        payload: { kind: "mock", targetId, packageKey: "service" },
      });
    const refused = await hold(closing.id);
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({ code: "BOOKING_CLOSED", message: JOURNEY_MESSAGES.bookingClosed });
    expect((await hold(open.id)).statusCode).toBe(201);
  });

  it("a workshop session inside the cut-off is refused the same way", async () => {
    const { db } = t().app.deps;
    const start = fromCutoff(-30);
    const workshop = await buildWorkshop(db, { start_at: start, end_at: later(start, 120) });
    const cookie = await t().signIn(email("ws"));
    const listing = json<{ workshops: { id: string }[] }>(await t().request({ method: "GET", url: "/api/workshops" }));
    expect(listing.workshops.map((w) => w.id)).not.toContain(workshop.id);
    const res = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie,
      payload: { kind: "workshop", targetId: workshop.id },
    });
    expect(res.statusCode).toBe(409);
    expect(json<ApiError>(res).error.code).toBe("BOOKING_CLOSED");
  });

  it("a hold taken before the cut-off cannot be paid once the session is inside it", async () => {
    const { db } = t().app.deps;
    const start = fromCutoff(1);
    const slot = await buildSlot(db, { start_at: start, end_at: later(start, 45) });
    const cookie = await t().signIn(email("slow"));
    const hold = json<{ id: string }>(
      await t().request({
        method: "POST",
        url: "/api/holds",
        cookie,
        payload: { kind: "mock", targetId: slot.id, packageKey: "service" },
      }),
    );
    // The session is moved earlier, as time passing would do.
    await db
      .updateTable("slots")
      .set({ start_at: fromCutoff(-1) })
      .where("id", "=", slot.id)
      .execute();
    const res = await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } });
    expect(res.statusCode).toBe(409);
    expect(json<ApiError>(res).error).toEqual({ code: "BOOKING_CLOSED", message: JOURNEY_MESSAGES.bookingClosed });
  });
});
