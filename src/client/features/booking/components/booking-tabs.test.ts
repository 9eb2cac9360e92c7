import { describe, expect, it } from "vitest";
import { formatCountdown } from "../../../../shared/time.js";
import { BOOKING_TABS, bookingTabFromParam, bookingTabOfKind, kindOfBookingTab } from "./booking-tabs.js";

describe("booking tabs", () => {
  it("are shown in the order Mock Interview, Internship, Workshop", () => {
    expect(BOOKING_TABS.map((t) => t.label)).toEqual(["Mock Interview", "Internship", "Workshop"]);
  });

  it("a ?type= link opens its tab; a missing or unknown one opens the mock interview", () => {
    expect(bookingTabFromParam("workshop")).toBe("workshop");
    expect(bookingTabFromParam("internship")).toBe("internship");
    expect(bookingTabFromParam(null)).toBe("mockInterview");
    expect(bookingTabFromParam("mock")).toBe("mockInterview");
    expect(bookingTabFromParam("<script>")).toBe("mockInterview");
  });

  it("a kept hold reopens the tab of its kind, and each tab books its own kind", () => {
    expect(new Set(BOOKING_TABS.map((t) => t.kind)).size).toBe(BOOKING_TABS.length);
    for (const { kind } of BOOKING_TABS) expect(kindOfBookingTab(bookingTabOfKind(kind))).toBe(kind);
  });
});

describe("the hold's countdown", () => {
  it("reads minutes and seconds, each two digits", () => {
    expect(formatCountdown(10 * 60_000)).toBe("10:00");
    expect(formatCountdown(65_000)).toBe("01:05");
  });

  it("rounds up a part second, so it reads 00:00 only when the hold has ended", () => {
    expect(formatCountdown(59_001)).toBe("01:00");
    expect(formatCountdown(1)).toBe("00:01");
    expect(formatCountdown(0)).toBe("00:00");
  });

  it("never goes below zero on a late tick", () => {
    expect(formatCountdown(-5_000)).toBe("00:00");
  });
});
