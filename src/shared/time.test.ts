import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatClock, formatDayLabel, formatInstant, zonedDate, zonedTime, zonedToInstant } from "./time.js";

/** What Intl prints, the reference the hand-written IST path must match. */
const intl = (timeZone: string, options: Intl.DateTimeFormatOptions, locale = "en-IN") =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone });

const intlDate = (instant: Date, timeZone: string) =>
  intl(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA").format(instant);
const intlTime = (instant: Date, timeZone: string) =>
  intl(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, "en-GB").format(instant);
const intlInstant = (instant: Date, timeZone: string) =>
  intl(timeZone, { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(
    instant,
  );

// From 1946 (India's offset fixed since Oct 1945) to 2100, to the minute.
const instants = fc
  .integer({ min: Date.UTC(1946, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 })
  .map((minutes) => new Date(minutes * 60_000));

describe("times in India's zone", () => {
  it("give the date, the clock and the texts Intl gives, for any instant since 1946", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(zonedDate(instant, "Asia/Kolkata")).toBe(intlDate(instant, "Asia/Kolkata"));
        expect(zonedTime(instant, "Asia/Kolkata")).toBe(intlTime(instant, "Asia/Kolkata"));
        expect(formatInstant(instant.toISOString(), "Asia/Kolkata")).toBe(
          `${intlInstant(instant, "Asia/Kolkata")} IST`,
        );
        expect(formatClock(instant.toISOString(), "Asia/Kolkata")).toBe(
          intl("Asia/Kolkata", { hour: "numeric", minute: "2-digit" }).format(instant),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("shows an evening session at its Indian wall-clock time, on the Indian date", () => {
    expect(formatInstant("2026-11-24T13:30:00.000Z", "Asia/Kolkata")).toBe("24 Nov 2026, 7:00 pm IST");
    expect(zonedDate(new Date("2026-11-24T18:35:00.000Z"), "Asia/Kolkata")).toBe("2026-11-25");
    expect(formatClock("2026-11-24T18:35:00.000Z", "Asia/Kolkata")).toBe("12:05 am");
    expect(zonedToInstant("2026-11-25", "00:05", "Asia/Kolkata").toISOString()).toBe("2026-11-24T18:35:00.000Z");
  });

  it("turns a wall-clock date and time back into the instant Intl shows at them, for any minute since 1946", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const [date, time] = [intlDate(instant, "Asia/Kolkata"), intlTime(instant, "Asia/Kolkata")];
        expect(zonedToInstant(date, time, "Asia/Kolkata").getTime()).toBe(instant.getTime());
      }),
      { numRuns: 2000 },
    );
    // Before the offset was fixed, through Intl: 00:00 on 1 Jun 1943 was 17:30 UTC the day before (+06:30).
    expect(zonedToInstant("1943-06-01", "00:00", "Asia/Kolkata").toISOString()).toBe("1943-05-31T17:30:00.000Z");
  });

  it("follows the war-time offset before Oct 1945, as the time-zone database has it", () => {
    const instant = new Date("1943-06-01T00:00:00.000Z");
    expect(zonedTime(instant, "Asia/Kolkata")).toBe(intlTime(instant, "Asia/Kolkata"));
    expect(zonedTime(instant, "Asia/Kolkata")).toBe("06:30");
  });
});

describe("times in a zone with daylight saving", () => {
  it("give what Intl gives, either side of a change", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        expect(zonedDate(instant, "America/New_York")).toBe(intlDate(instant, "America/New_York"));
        expect(formatInstant(instant.toISOString(), "America/New_York", "ET")).toBe(
          `${intlInstant(instant, "America/New_York")} ET`,
        );
      }),
      { numRuns: 300 },
    );
    expect(zonedTime(new Date("2026-03-08T06:30:00.000Z"), "America/New_York")).toBe("01:30");
    expect(zonedTime(new Date("2026-03-08T07:30:00.000Z"), "America/New_York")).toBe("03:30");
    expect(zonedToInstant("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
  });
});

describe("day labels", () => {
  it("read as Intl writes them in en-IN", () => {
    const days = fc
      .integer({ min: Date.UTC(1970, 0, 1) / 86_400_000, max: Date.UTC(2100, 0, 1) / 86_400_000 })
      .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, (date) => {
        const expected = intl("UTC", { weekday: "short", day: "numeric", month: "short" }).format(new Date(date));
        expect(formatDayLabel(date)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
    expect(formatDayLabel("2026-09-01")).toBe("Tue, 1 Sept");
  });
});

describe("formatting in India's zone", () => {
  afterEach(() => vi.restoreAllMocks());

  // A server formatting only Indian times never loads ICU's data (docs/decisions/0245-dates-without-icu.md).
  it("makes no Intl formatter", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    zonedToInstant("2026-11-25", "10:00", "Asia/Kolkata");
    formatInstant("2026-11-24T13:30:00.000Z", "Asia/Kolkata");
    formatClock("2026-11-24T13:30:00.000Z", "Asia/Kolkata");
    formatDayLabel(zonedDate(new Date("2026-11-24T13:30:00.000Z"), "Asia/Kolkata"));
    zonedTime(new Date(), "UTC");
    expect(made).not.toHaveBeenCalled();
  });
});
