import { describe, expect, it } from "vitest";
import { formatCalendarDate, readableValue } from "./console-dates.js";

describe("dates in the console", () => {
  it("writes stored instants in the platform zone and calendar dates as people read them", () => {
    expect(readableValue("2026-11-26T08:30:00.000Z", "Asia/Kolkata", "IST")).toBe("26 Nov 2026, 2:00 pm IST");
    expect(readableValue("2026-12-03", "Asia/Kolkata", "IST")).toBe("3 Dec 2026");
    expect(formatCalendarDate("2027-01-15")).toBe("15 Jan 2027");
  });

  it("leaves other values as they are", () => {
    expect(readableValue("Meera Rao", "Asia/Kolkata", "IST")).toBe("Meera Rao");
    expect(readableValue("2026-13-45T99:99:00Z", "Asia/Kolkata", "IST")).toBe("2026-13-45T99:99:00Z");
    expect(readableValue(["sde", "uiux"], "Asia/Kolkata", "IST")).toBe('["sde","uiux"]');
    expect(readableValue(undefined, "Asia/Kolkata", "IST")).toBe("—");
  });
});
