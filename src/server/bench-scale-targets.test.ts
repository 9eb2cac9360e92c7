import { describe, expect, it } from "vitest";
import { type RequestFigures, type SizeResult, TARGET_REQUESTS, verdict } from "../../scripts/bench-scale-targets.js";

// bench:scale's verdict (scripts/bench-scale-targets.ts): what an operator reads after a run at S and L.
const figures = (request: string, p99: number, extra: Partial<RequestFigures> = {}): RequestFigures => ({
  request,
  p50: Math.round(p99 / 2),
  p99,
  peakRssMb: 140,
  silentRounds: 0,
  ...extra,
});

const result = (size: string, measured: RequestFigures[], fcp?: number): SizeResult => ({
  dialect: "sqlite",
  size,
  measured,
  browser: fcp === undefined ? [] : [{ page: "console bookings, first page", fcpMs: [fcp, fcp + 50] }],
  at: "2026-12-02T01:30:00.000Z",
});

describe("bench:scale's verdict on its targets", () => {
  it("reads every target met when L is within them", () => {
    const small = result(
      "S",
      TARGET_REQUESTS.map((name) => figures(name, 20)),
    );
    const large = result(
      "L",
      TARGET_REQUESTS.map((name) => figures(name, 40)),
      300,
    );
    expect(verdict(small, large)).toEqual([
      "Against the targets, sqlite (L of 2026-12-02 01:30 UTC beside S of 2026-12-02 01:30 UTC; 9 of 9 requests measured):",
      "- p99 at L ≤ 50 ms (the export of 50 bookings ≤ 200): met",
      "- p99 at L within 2× of S: met",
      "- server RSS ≤ 160 MB through these requests (first round): 140 MB, met",
      "- first content in Chromium ≤ 1 s: console bookings, first page 300 ms (worst 350), met",
    ]);
  });

  it("names each request that missed, with the answer's size beside a growth, and the export's own bound", () => {
    const small = result("S", [
      figures("admin bookings, a week", 12, { bytesPerAnswer: 5_632 }),
      figures("data export (50 bookings)", 90),
      figures("admin insights, a year", 10),
    ]);
    const large = result(
      "L",
      [
        figures("admin bookings, a week", 33, { bytesPerAnswer: 31_437 }),
        figures("data export (50 bookings)", 150, { peakRssMb: 171 }),
        // Not a request the targets are set for: never named.
        figures("admin insights, a year", 900),
      ],
      1_200,
    );
    const lines = verdict(small, large);
    expect(lines[1]).toBe("- p99 at L ≤ 50 ms (the export of 50 bookings ≤ 200): met");
    expect(lines[2]).toBe(
      "- p99 at L within 2× of S: missed by admin bookings, a week 12 → 33 (5.5 KB → 30.7 KB an answer)",
    );
    expect(lines[3]).toBe("- server RSS ≤ 160 MB through these requests (first round): 171 MB, missed");
    expect(lines[4]).toContain("1200 ms (worst 1250), missed");
  });

  it("counts a request L never answered within a round as a miss, not as a fast one", () => {
    const small = result("S", [figures("student dashboard (50 bookings)", 30)]);
    const large = result("L", [figures("student dashboard (50 bookings)", 0, { silentRounds: 1 })]);
    const lines = verdict(small, large);
    expect(lines[1]).toBe(
      "- p99 at L ≤ 50 ms (the export of 50 bookings ≤ 200): missed by student dashboard (50 bookings) unanswered",
    );
    expect(lines[2]).toContain("missed by student dashboard (50 bookings) 30 → 0");
    expect(lines[4]).toBe("- first content in Chromium ≤ 1 s: not measured (BENCH_BROWSER=false)");
  });

  it("reads an S figure under the bench's 1 ms resolution as 1 ms, so 0 → 1 is no growth but 0 → 3 is", () => {
    const small = result("S", [figures("one day's slots", 0), figures("days summary", 0)]);
    const large = result("L", [figures("one day's slots", 1), figures("days summary", 3)]);
    expect(verdict(small, large)[2]).toBe("- p99 at L within 2× of S: missed by days summary 0 → 3 (? → ? an answer)");
  });
});
