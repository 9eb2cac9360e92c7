import { describe, expect, it } from "vitest";
import { locatePart } from "./use-synced-players.js";

describe("a side's parts on one timeline", () => {
  const parts = [4.2, 6, 3];

  it("finds the part a moment falls in and how far into it", () => {
    expect(locatePart(parts, 0)).toEqual({ part: 0, offset: 0 });
    expect(locatePart(parts, 4.1)).toEqual({ part: 0, offset: 4.1 });
    expect(locatePart(parts, 4.2)).toEqual({ part: 1, offset: 0 });
    expect(locatePart(parts, 12)).toEqual({ part: 2, offset: expect.closeTo(1.8, 5) });
  });

  it("rests at the end of the last part past the side's length", () => {
    expect(locatePart(parts, 40)).toEqual({ part: 2, offset: 3 });
    expect(locatePart([5], 2)).toEqual({ part: 0, offset: 2 });
  });
});
