import { describe, expect, it } from "vitest";
import type { DashboardSession } from "../../../shared/schemas/dashboard.js";
import { formatMinutes, formatSessionStart, isUpcoming, STATUS_LABELS } from "./format.js";

const session = (overrides: Partial<DashboardSession> = {}): DashboardSession => ({
  bookingId: "b1",
  kind: "mock",
  packageKey: "service",
  packageLabel: "Service-based",
  status: "confirmed",
  title: "Mock interview",
  startAt: "2026-12-01T13:30:00.000Z",
  endAt: "2026-12-01T14:15:00.000Z",
  meetingLink: null,
  interviewerName: null,
  level: null,
  cancelReason: null,
  amountPaise: 99_900,
  changeDeadline: "2026-12-01T01:30:00.000Z",
  canCancel: true,
  canReschedule: true,
  googleCalendarUrl: "https://calendar.google.com/",
  scorecard: null,
  certificate: null,
  receiptUrl: null,
  ...overrides,
});

describe("practice time as the dashboard shows it", () => {
  it("reads minutes under an hour, whole hours, and hours with minutes", () => {
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(135)).toBe("2 h 15 min");
  });
});

describe("upcoming or history", () => {
  const end = Date.parse("2026-12-01T14:15:00.000Z");

  it("a confirmed session is upcoming until it ends", () => {
    expect(isUpcoming(session(), end - 1)).toBe(true);
    expect(isUpcoming(session(), end)).toBe(false);
  });

  it("a cancelled, completed or missed session is history even before its end", () => {
    for (const status of ["cancelled", "completed", "no_show"] as const) {
      expect(isUpcoming(session({ status }), end - 60_000)).toBe(false);
    }
  });

  it("a missed session is called Missed", () => {
    expect(STATUS_LABELS.no_show).toBe("Missed");
  });
});

describe("when a session starts", () => {
  it("a mock interview shows its date and time in the platform zone", () => {
    expect(formatSessionStart(session(), "Asia/Kolkata", "IST")).toBe("1 Dec 2026, 7:00 pm IST");
  });

  it("an internship shows only the day it starts, never midnight", () => {
    const internship = session({ kind: "internship", startAt: "2026-11-30T18:30:00.000Z" });
    expect(formatSessionStart(internship, "Asia/Kolkata", "IST")).toBe("Starts Tue, 1 Dec");
  });
});
