import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPaise } from "./money.js";

const intlRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

describe("prices in rupees", () => {
  afterEach(() => vi.restoreAllMocks());

  it("read as Intl writes them in en-IN, lakhs and crores grouped", () => {
    expect(formatPaise(120_000)).toBe("₹1,200");
    expect(formatPaise(1_234_567_800)).toBe("₹1,23,45,678");
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (paise) => {
        fc.pre(paise !== 0);
        expect(formatPaise(paise)).toBe(intlRupees.format(paise / 100));
      }),
      { numRuns: 5000 },
    );
    for (const paise of [0, 49, 50, 150, 99_950, -50, -150, 100_000_000])
      expect(formatPaise(paise)).toBe(intlRupees.format(paise / 100));
  });

  it("need no Intl formatter (docs/decisions/0245-dates-without-icu.md)", () => {
    const made = vi.spyOn(Intl, "NumberFormat");
    formatPaise(120_000);
    expect(made).not.toHaveBeenCalled();
  });
});
