import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeTwoInstances } from "../../test/test-app.js";

/** Two instances on one PostgreSQL: a coupon's redemption limit holds across them. */
describeTwoInstances("coupons: two app instances on one PostgreSQL", (apps) => {
  it("the last redemption goes to one of two students checking out through different instances", async () => {
    const { first, second } = apps();
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
