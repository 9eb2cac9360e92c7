import { describe, expect, it } from "vitest";
import { API_MESSAGES } from "../messages.js";
import { calendarDateSchema } from "./booking.js";

describe("a day asked for by the booking page", () => {
  it("is a day of the calendar, leap days included", () => {
    for (const day of ["2026-11-25", "2026-12-31", "2028-02-29", "2000-02-29"]) {
      expect(calendarDateSchema.safeParse(day).success, day).toBe(true);
    }
  });

  it("is refused with the spec's message when the month has no such day", () => {
    for (const day of [
      "2026-02-29",
      "2027-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-11-5",
    ]) {
      const result = calendarDateSchema.safeParse(day);
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message, day).toBe(API_MESSAGES.slotDateInvalid);
    }
  });
});
