import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { buildSecondApp, createTestApp, postgresAvailable, type TestApp } from "../../test/test-app.js";

type App = Awaited<ReturnType<typeof buildSecondApp>>;

/** Two instances on one PostgreSQL: a coupon's redemption limit holds across them. */
(postgresAvailable() ? describe : describe.skip)("coupons: two app instances on one PostgreSQL", () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    first = await createTestApp("postgres");
    second = await buildSecondApp(first);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("the last redemption goes to one of two students checking out through different instances", async () => {
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
