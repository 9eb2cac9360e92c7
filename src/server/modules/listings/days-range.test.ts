import { describe, expect, it } from "vitest";
import { SLOT_DAYS_AHEAD } from "../../../shared/constants.js";
import { slotDaysRange } from "./service.js";

describe("the days slots are listed by", () => {
  it("turn over at midnight in the platform zone, not at midnight UTC, and again the next day", () => {
    // 18:29:59 UTC is 23:59:59 IST; a second later it is the next day in India.
    const before = slotDaysRange("Asia/Kolkata", new Date("2026-11-24T18:29:59.000Z"));
    expect(before.first).toBe("2026-11-24");
    expect(before.last).toBe("2027-01-22");
    expect(before.dayStarts).toHaveLength(SLOT_DAYS_AHEAD + 1);
    expect(before.dayStarts[1]).toBe("2026-11-24T18:30:00.000Z");
    expect(slotDaysRange("Asia/Kolkata", new Date("2026-11-24T18:30:00.000Z")).first).toBe("2026-11-25");
    expect(slotDaysRange("Asia/Kolkata", new Date("2026-11-25T18:30:00.000Z")).first).toBe("2026-11-26");
    // An earlier instant than the range remembered (a test's clock) is worked out afresh too.
    expect(slotDaysRange("Asia/Kolkata", new Date("2026-11-24T00:00:00.000Z")).first).toBe("2026-11-24");
    expect(slotDaysRange("UTC", new Date("2026-11-24T23:59:59.000Z")).first).toBe("2026-11-24");
  });
});
