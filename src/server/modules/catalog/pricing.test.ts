import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { ApiError } from "../../test/api-error.js";
import { buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Item = { key: string; label: string; available: boolean; pricePaise: number; unavailableReason: string | null };
const admin = (t: TestApp) => t.signInAdmin(`pricing-${randomUUID().slice(0, 8)}@example.com`);
const setPrice = (t: TestApp, cookie: string, key: string, payload: Record<string, unknown>) =>
  t.request({ method: "PUT", url: `/api/admin/pricing/${key}`, cookie, payload });
const catalogItem = async (t: TestApp, key: string) =>
  json<{ items: Item[] }>(await t.request({ url: "/api/catalog" })).items.find((i) => i.key === key);

describeEachDialect("admin pricing", (t) => {
  it("takes positive whole rupees only, with a message for each mistake", async () => {
    const cookie = await admin(t());
    const cases: [unknown, string][] = [
      [0, ADMIN_MESSAGES.pricePositive],
      [-5, ADMIN_MESSAGES.pricePositive],
      [12.5, ADMIN_MESSAGES.priceWhole],
      ["1200", ADMIN_MESSAGES.priceWhole],
      [null, ADMIN_MESSAGES.priceWhole],
      [2_000_000, ADMIN_MESSAGES.priceTooHigh],
    ];
    for (const [priceRupees, message] of cases) {
      const res = await setPrice(t(), cookie, "maang", { available: true, priceRupees });
      expect([priceRupees, res.statusCode, json<ApiError>(res).error.message]).toEqual([priceRupees, 400, message]);
    }
    expect((await setPrice(t(), cookie, "no_such_key", { available: true, priceRupees: 10 })).statusCode).toBe(400);
    expect(await catalogItem(t(), "maang")).toMatchObject({ available: false, pricePaise: 500_000 });
  });

  it("charges the next hold the new price and refuses holds on a package switched off", async () => {
    const cookie = await admin(t());
    const saved = await setPrice(t(), cookie, "ws_dsa", { available: true, priceRupees: 1499 });
    expect(json<Item>(saved)).toEqual({
      key: "ws_dsa",
      label: "DSA workshop",
      available: true,
      pricePaise: 149_900,
      unavailableReason: null,
    });
    expect(await catalogItem(t(), "ws_dsa")).toMatchObject({ available: true, pricePaise: 149_900 });

    const session = await buildWorkshop(t().app.deps.db, { topic_key: "ws_dsa" });
    const student = await t().signIn(`pricing-student-${randomUUID().slice(0, 8)}@example.com`);
    const hold = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: student,
      payload: { kind: "workshop", targetId: session.id },
    });
    expect(hold.statusCode).toBe(201);
    const checkout = await t().request({
      method: "POST",
      url: "/api/checkout",
      cookie: student,
      payload: { holdId: json<{ id: string }>(hold).id },
    });
    expect(json<{ amountPaise: number }>(checkout).amountPaise).toBe(149_900);

    await setPrice(t(), cookie, "ws_resume", { available: false, priceRupees: 699 });
    const closed = await buildWorkshop(t().app.deps.db, { topic_key: "ws_resume" });
    const other = await t().signIn(`pricing-other-${randomUUID().slice(0, 8)}@example.com`);
    const refused = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: other,
      payload: { kind: "workshop", targetId: closed.id },
    });
    expect(json<ApiError>(refused).error.code).toBe("NOT_AVAILABLE");
  });

  it("audits who changed a price, from what to what", async () => {
    const actor = `pricing-audit-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await t().signInAdmin(actor);
    await setPrice(t(), cookie, "int_ml", { available: true, priceRupees: 6499 });
    const { entries } = json<{ entries: Record<string, unknown>[] }>(
      await t().request({ url: "/api/admin/audit?entity=pricing", cookie }),
    );
    expect(entries[0]).toMatchObject({
      actorEmail: actor,
      action: "pricing",
      entityId: "int_ml",
      before: { available: true, pricePaise: 599_900 },
      after: { available: true, pricePaise: 649_900 },
    });
  });

  it("keeps an unavailable package's one-line reason, trimmed, and shows it only while it is unavailable", async () => {
    const actor = `pricing-reason-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await t().signInAdmin(actor);
    const reason = "Opens 1 Dec, when the next interviewer batch joins";
    const saved = await setPrice(t(), cookie, "int_backend", {
      available: false,
      priceRupees: 4999,
      unavailableReason: `  Opens 1 Dec,\n when the next   interviewer batch joins  `,
    });
    expect(json<Item>(saved).unavailableReason).toBe(reason);
    expect(await catalogItem(t(), "int_backend")).toMatchObject({ available: false, unavailableReason: reason });

    // A change that leaves the reason out keeps it; an empty one goes back to the standard sentence.
    await setPrice(t(), cookie, "int_backend", { available: false, priceRupees: 5099 });
    expect(await catalogItem(t(), "int_backend")).toMatchObject({ pricePaise: 509_900, unavailableReason: reason });
    const { entries } = json<{ entries: Record<string, unknown>[] }>(
      await t().request({ url: "/api/admin/audit?entity=pricing", cookie }),
    );
    expect(entries.find((e) => e.actorEmail === actor && e.entityId === "int_backend")).toMatchObject({
      before: { unavailableReason: reason },
      after: { unavailableReason: reason, pricePaise: 509_900 },
    });
    await setPrice(t(), cookie, "int_backend", { available: false, priceRupees: 4999, unavailableReason: "   " });
    expect((await catalogItem(t(), "int_backend"))?.unavailableReason).toBeNull();

    // Opening the package clears it: it never comes back the next time the package closes.
    await setPrice(t(), cookie, "int_backend", { available: false, priceRupees: 4999, unavailableReason: reason });
    await setPrice(t(), cookie, "int_backend", { available: true, priceRupees: 4999, unavailableReason: reason });
    expect((await catalogItem(t(), "int_backend"))?.unavailableReason).toBeNull();
    await setPrice(t(), cookie, "int_backend", { available: false, priceRupees: 4999 });
    expect((await catalogItem(t(), "int_backend"))?.unavailableReason).toBeNull();
    await setPrice(t(), cookie, "int_backend", { available: true, priceRupees: 4999 });
  });

  it("refuses a reason longer than one line of 120 characters, and a reason that is not text", async () => {
    const cookie = await admin(t());
    const long = await setPrice(t(), cookie, "int_backend", {
      available: false,
      priceRupees: 4999,
      unavailableReason: "x".repeat(121),
    });
    expect([long.statusCode, json<ApiError>(long).error.message]).toEqual([
      400,
      ADMIN_MESSAGES.unavailableReasonTooLong,
    ]);
    const notText = await setPrice(t(), cookie, "int_backend", {
      available: false,
      priceRupees: 4999,
      unavailableReason: 7,
    });
    expect(notText.statusCode).toBe(400);
    const fits = await setPrice(t(), cookie, "int_backend", {
      available: false,
      priceRupees: 4999,
      unavailableReason: ` ${"y".repeat(120)} `,
    });
    expect(json<Item>(fits).unavailableReason).toBe("y".repeat(120));
    await setPrice(t(), cookie, "int_backend", { available: true, priceRupees: 4999 });
  });
});
