import { expect, it } from "vitest";
import { buildSlot } from "../../test/builders.js";
import { describeTwoInstances } from "../../test/test-app.js";

/** Two server processes' worth of app on one PostgreSQL: seat decisions must hold across them. */
describeTwoInstances("booking: two app instances on one PostgreSQL", (apps) => {
  it("sells exactly `capacity` seats when capacity + 50 students ask through both instances at once", async () => {
    const { first, second } = apps();
    const capacity = 4;
    const cookies = await Promise.all(
      Array.from({ length: capacity + 50 }, (_, i) => first.signIn(`twin-${i}-${Date.now()}@example.com`)),
    );
    for (let round = 0; round < 3; round++) {
      const slot = await buildSlot(first.app.deps.db, { capacity });
      const results = await Promise.all(
        cookies.map((cookie, i) =>
          (i % 2 === 0 ? first.app : second).inject({
            method: "POST",
            url: "/api/holds",
            headers: { cookie, origin: "http://localhost:3000" },
            payload: { kind: "mock", targetId: slot.id },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(capacity);
      const codes = results.filter((r) => r.statusCode !== 201).map((r) => r.json().error.code);
      expect(codes).toEqual(Array(50).fill("SLOT_HELD"));
    }
  });

  it("a hold taken on one instance reaches the other's live stream", async () => {
    const { first, second } = apps();
    const received: string[] = [];
    const unsubscribe = second.deps.bus.subscribe((event) => received.push(event.topic));
    const slot = await buildSlot(first.app.deps.db);
    const cookie = await first.signIn(`live-${Date.now()}@example.com`);
    await first.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } });
    for (let i = 0; i < 50 && !received.includes("slots"); i++) await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(received).toContain("slots");
  });
});
