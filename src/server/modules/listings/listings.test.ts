import { expect, it } from "vitest";
import { buildInternship, buildSlot, buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

describeEachDialect("booking: listings", (t) => {
  it("lists upcoming published slots of a plan, earliest first, with seats left", async () => {
    const { db } = t().app.deps;
    const later = await buildSlot(db, {
      start_at: new Date(Date.now() + 72 * 3600e3).toISOString(),
      package_types: '["product"]',
      capacity: 3,
    });
    const sooner = await buildSlot(db, {
      start_at: new Date(Date.now() + 30 * 3600e3).toISOString(),
      package_types: '["product","maang"]',
    });
    await buildSlot(db, { package_types: '["product"]', status: "draft" });
    await buildSlot(db, { package_types: '["product"]', start_at: new Date(Date.now() - 3600e3).toISOString() });
    await buildSlot(db, { package_types: '["service"]' });
    const { slots } = json<{ slots: { id: string; seatsLeft: number }[] }>(
      await t().request({ url: "/api/slots?package=product" }),
    );
    expect(slots.map((s) => s.id)).toEqual([sooner.id, later.id]);
    expect(slots[1]?.seatsLeft).toBe(3);
    expect((await t().request({ url: "/api/slots?package=gold" })).statusCode).toBe(400);
  });

  it("shows the earliest internship that has not started, and null when there is none", async () => {
    const { db } = t().app.deps;
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    await buildInternship(db, { start_date: day(-3), title: "Already running" });
    const next = await buildInternship(db, { start_date: day(5), title: "Next one" });
    await buildInternship(db, { start_date: day(40), title: "Much later" });
    const { internship } = json<{ internship: { id: string; pricePaise: number } | null }>(
      await t().request({ url: "/api/internships/upcoming" }),
    );
    expect(internship?.id).toBe(next.id);
    expect(internship?.pricePaise).toBe(499_900);
  });

  it("lists workshops with their catalog price", async () => {
    const workshop = await buildWorkshop(t().app.deps.db, { topic_key: "ws_systemdesign", capacity: 5 });
    const { workshops } = json<{ workshops: { id: string; pricePaise: number; seatsLeft: number }[] }>(
      await t().request({ url: "/api/workshops" }),
    );
    expect(workshops.find((w) => w.id === workshop.id)).toMatchObject({ pricePaise: 129_900, seatsLeft: 5 });
  });
});
