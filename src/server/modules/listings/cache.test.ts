import { describe, expect, it } from "vitest";
import { createLocalBus } from "../../infrastructure/events/bus.js";
import type { Page } from "../../plugins/pages.js";
import { createListingCache } from "./cache.js";

/** A listing cache on a clock the test moves, with a build that counts its runs. */
function setUp() {
  const bus = createLocalBus();
  let time = 0;
  const cache = createListingCache(bus, 1_000, () => time);
  let builds = 0;
  let release = () => {};
  const build = () => {
    builds++;
    const text = `build ${builds}`;
    return new Promise<string>((resolve) => {
      release = () => resolve(text);
    });
  };
  const read = async (pending: Promise<Page>) => (await pending).identity.toString();
  return {
    bus,
    cache,
    build,
    read,
    advance: (ms: number) => {
      time += ms;
    },
    builds: () => builds,
    finishBuild: () => release(),
  };
}

describe("listing cache", () => {
  it("the first request after an entry ran out by time waits for its rebuild; others meanwhile get the old entry", async () => {
    const c = setUp();
    const first = c.cache.get("slots:service", c.build);
    c.finishBuild();
    expect(await c.read(first)).toBe("build 1");

    c.advance(1_500);
    // It sees a row written without an event (by another tool) since the entry was built.
    const rebuilding = c.cache.get("slots:service", c.build);
    const meanwhile = await Promise.all([1, 2, 3].map(() => c.read(c.cache.get("slots:service", c.build))));
    expect(meanwhile).toEqual(["build 1", "build 1", "build 1"]);
    expect(c.builds()).toBe(2);
    c.finishBuild();
    expect(await c.read(rebuilding)).toBe("build 2");
    expect(await c.read(c.cache.get("slots:service", c.build))).toBe("build 2");
  });

  it("never serves an entry a seat change emptied: the next request waits for a fresh build", async () => {
    const c = setUp();
    const first = c.cache.get("slots:service", c.build);
    c.finishBuild();
    await first;
    c.advance(1_500);
    await c.bus.publish({ topic: "slots", slotId: "s1" });
    const fresh = c.cache.get("slots:service", c.build);
    c.finishBuild();
    expect(await c.read(fresh)).toBe("build 2");
  });

  it("waits for a fresh build once an entry is more than twice its time-to-live old", async () => {
    const c = setUp();
    const first = c.cache.get("slots:service", c.build);
    c.finishBuild();
    await first;
    c.advance(2_500);
    const fresh = c.cache.get("slots:service", c.build);
    c.finishBuild();
    expect(await c.read(fresh)).toBe("build 2");
  });

  it("keeps at most its number of entries, the oldest built first out, however many days are asked for", async () => {
    const bus = createLocalBus();
    const cache = createListingCache(bus, 1_000, () => 0, 4);
    let builds = 0;
    const build = async () => `build ${++builds}`;
    for (let day = 1; day <= 10; day++) await cache.get(`slots:service:2026-12-${String(day).padStart(2, "0")}`, build);
    expect(cache.size).toBe(4);
    // The newest are kept: asking again builds nothing.
    await cache.get("slots:service:2026-12-10", build);
    expect(builds).toBe(10);
    await cache.get("slots:service:2026-12-01", build);
    expect(builds).toBe(11);
    expect(cache.size).toBe(4);
  });
});
