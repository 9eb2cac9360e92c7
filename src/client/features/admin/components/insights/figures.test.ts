import { describe, expect, it } from "vitest";
import type { InsightsDto } from "../../../../../shared/schemas/insights.js";
import { rupeesTick } from "./charts.js";
import { dayLabel, occupancyTotals, percentText, share } from "./figures.js";

describe("insights figures", () => {
  it("a share is a whole percentage, and nothing (a dash) when there is nothing to divide by", () => {
    expect(share(1, 3)).toBe(33);
    expect(share(2, 3)).toBe(67);
    expect(share(0, 0)).toBeNull();
    expect(percentText(share(0, 0))).toBe("—");
    expect(percentText(share(5, 5))).toBe("100%");
  });

  it("a calendar date reads as day and short month whatever the device's zone", () => {
    expect(dayLabel("2026-01-05")).toBe("5 Jan");
    expect(dayLabel("2026-12-31")).toBe("31 Dec");
  });

  it("occupancy adds the seats sold and offered across the weeks", () => {
    const occupancy = [
      { sold: 3, capacity: 10 },
      { sold: 7, capacity: 8 },
    ];
    expect(occupancyTotals({ occupancy } as unknown as InsightsDto)).toEqual({ sold: 10, capacity: 18 });
    expect(occupancyTotals({ occupancy: [] } as unknown as InsightsDto)).toEqual({ sold: 0, capacity: 0 });
  });

  it("money on a chart's axis is in compact rupees", () => {
    expect(rupeesTick(99_900)).toBe("₹999");
    expect(rupeesTick(15_000_000)).toBe("₹1.5L");
  });
});
