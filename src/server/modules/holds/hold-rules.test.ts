import { expect, it } from "vitest";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Hold = { id: string; expiresAt: string; packageKey: string };

async function hold(t: TestApp, cookie: string, body: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/holds", cookie, payload: body });
}

describeEachDialect("booking: holds", (t) => {
  it("refuses a signed-out visitor with the spec's message", async () => {
    const slot = await buildSlot(t().app.deps.db);
    const res = await hold(t(), "", { kind: "mock", targetId: slot.id });
    expect(res.statusCode).toBe(401);
    expect(json<ApiError>(res).error.message).toBe("Please sign in again to reserve a slot.");
  });

  it("holds the last seat for 10 minutes and tells the next student it is held", async () => {
    const slot = await buildSlot(t().app.deps.db, { capacity: 1 });
    const a = await t().signIn(email("a"));
    const b = await t().signIn(email("b"));
    const first = await hold(t(), a, { kind: "mock", targetId: slot.id });
    expect(first.statusCode).toBe(201);
    const minutes = (Date.parse(json<Hold>(first).expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    const second = await hold(t(), b, { kind: "mock", targetId: slot.id });
    expect(second.statusCode).toBe(409);
    expect(json<ApiError>(second).error).toEqual({
      code: "SLOT_HELD",
      message: "This slot is currently held by another user.",
    });
    const { slots } = json<{ slots: { id: string; seatsLeft: number }[] }>(
      await t().request({ url: "/api/slots?package=service" }),
    );
    expect(slots.find((s) => s.id === slot.id)?.seatsLeft).toBe(0);
  });

  it("releases the previous hold when the student picks another slot, and on release", async () => {
    const { db } = t().app.deps;
    const one = await buildSlot(db, { capacity: 1 });
    const two = await buildSlot(db, { capacity: 1 });
    const a = await t().signIn(email("picker"));
    const b = await t().signIn(email("other"));
    await hold(t(), a, { kind: "mock", targetId: one.id });
    const moved = json<Hold>(await hold(t(), a, { kind: "mock", targetId: two.id }));
    expect((await hold(t(), b, { kind: "mock", targetId: one.id })).statusCode).toBe(201);
    expect((await t().request({ method: "POST", url: `/api/holds/${moved.id}/release`, cookie: a })).statusCode).toBe(
      204,
    );
    const c = await t().signIn(email("third"));
    expect((await hold(t(), c, { kind: "mock", targetId: two.id })).statusCode).toBe(201);
  });

  it("gives an expired hold's seat to the next student, before any clean-up runs", async () => {
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 1 });
    const a = await t().signIn(email("expired"));
    const b = await t().signIn(email("next"));
    const held = json<Hold>(await hold(t(), a, { kind: "mock", targetId: slot.id }));
    expect((await hold(t(), b, { kind: "mock", targetId: slot.id })).statusCode).toBe(409);
    await db
      .updateTable("holds")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", held.id)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the listing's 1 s cache
    const { slots } = json<{ slots: { id: string; seatsLeft: number }[] }>(
      await t().request({ url: "/api/slots?package=service" }),
    );
    expect(slots.find((s) => s.id === slot.id)?.seatsLeft).toBe(1);
    expect((await hold(t(), b, { kind: "mock", targetId: slot.id })).statusCode).toBe(201);
  });

  it("releases a hold from the page-leave beacon (a bodyless text/plain POST)", async () => {
    const slot = await buildSlot(t().app.deps.db, { capacity: 1 });
    const a = await t().signIn(email("leaver"));
    const b = await t().signIn(email("stayer"));
    const held = json<Hold>(await hold(t(), a, { kind: "mock", targetId: slot.id }));
    const beacon = await t().request({
      method: "POST",
      url: `/api/holds/${held.id}/release`,
      cookie: a,
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(beacon.statusCode).toBe(204);
    const taken = json<Hold>(await hold(t(), b, { kind: "mock", targetId: slot.id }));
    // Releasing someone else's hold changes nothing.
    await t().request({ method: "DELETE", url: `/api/holds/${taken.id}`, cookie: a });
    expect((await hold(t(), a, { kind: "mock", targetId: slot.id })).statusCode).toBe(409);
  });

  it("does not hold a plan that is not available, nor a draft or past slot", async () => {
    const { db } = t().app.deps;
    const cookie = await t().signIn(email("closed"));
    const maang = await buildSlot(db, { package_types: '["maang"]' });
    const closed = await hold(t(), cookie, { kind: "mock", targetId: maang.id, packageKey: "maang" });
    expect(json<ApiError>(closed).error.code).toBe("NOT_AVAILABLE");
    const draft = await buildSlot(db, { status: "draft" });
    const res = await hold(t(), cookie, { kind: "mock", targetId: draft.id });
    expect(json<ApiError>(res).error.message).toBe("Could not reserve slot. Please try again.");
  });

  it("refuses checkout without a hold, and after the hold expired", async () => {
    const cookie = await t().signIn(email("late"));
    const none = await t().request({ method: "POST", url: "/api/checkout", cookie, payload: {} });
    expect(json<ApiError>(none).error.message).toBe("Please select a slot first.");
    const slot = await buildSlot(t().app.deps.db);
    const held = json<Hold>(await hold(t(), cookie, { kind: "mock", targetId: slot.id }));
    await t()
      .app.deps.db.updateTable("holds")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", held.id)
      .execute();
    const res = await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: held.id } });
    expect(json<ApiError>(res).error).toEqual({
      code: "HOLD_EXPIRED",
      message: "Your slot hold expired. Please reselect the slot.",
    });
  });

  it("sells exactly `capacity` seats to capacity + 50 students asking at once, every time", async () => {
    const capacity = 3;
    const cookies = await Promise.all(Array.from({ length: capacity + 50 }, (_, i) => t().signIn(email(`racer${i}`))));
    for (let round = 0; round < 3; round++) {
      const slot = await buildSlot(t().app.deps.db, { capacity });
      const results = await Promise.all(
        cookies.map((cookie) => hold(t(), cookie, { kind: "mock", targetId: slot.id })),
      );
      const won = results.filter((r) => r.statusCode === 201);
      expect(won).toHaveLength(capacity);
      for (const lost of results.filter((r) => r.statusCode !== 201)) {
        expect(lost.statusCode).toBe(409);
        expect(json<ApiError>(lost).error).toEqual({
          code: "SLOT_HELD",
          message: "This slot is currently held by another user.",
        });
      }
      const held = await t().app.deps.db.selectFrom("holds").select("id").where("target_id", "=", slot.id).execute();
      expect(held).toHaveLength(capacity);
    }
  });
});
