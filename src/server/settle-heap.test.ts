import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { settleHeap } from "./settle-heap.js";

const residentHeapMb = () => v8.getHeapStatistics().total_physical_size / 1_048_576;

describe("settling the heap after start-up", () => {
  it("hands back the pages that start-up's garbage left, which a full collection keeps", () => {
    // Start-up's garbage: many objects, a few of them kept, scattered over every page.
    let objects = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `row ${i}`, list: [i] }));
    objects = objects.filter((_, i) => i % 50 === 0);
    const before = residentHeapMb();

    settleHeap();

    expect(objects).toHaveLength(6_000);
    expect(before - residentHeapMb()).toBeGreaterThan(40);
  });
});
