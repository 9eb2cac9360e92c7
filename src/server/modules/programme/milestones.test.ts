import { describe, expect, it } from "vitest";
import type { Submission } from "../../../shared/schemas/programme.js";
import { buildMilestones, milestoneDueDate, programmeWeek, progressOf } from "./milestones.js";

const plans = [
  { title: "Setup", deliverables: "Repo" },
  { title: "", deliverables: "Screens" },
  { title: "Ship", deliverables: "Release" },
];
const handedIn = (week: number, status: Submission["status"], late = false): Submission => ({
  id: `${week}-${status}`,
  bookingId: "b",
  kind: "milestone",
  week,
  url: "https://example.com",
  note: "",
  status,
  submittedAt: "2026-12-01T00:00:00.000Z",
  reviewedAt: null,
  late,
  comments: [],
});

describe("milestones", () => {
  it("falls due on the last day of each week of the plan", () => {
    expect(milestoneDueDate("2026-12-01", 1)).toBe("2026-12-07");
    expect(milestoneDueDate("2026-12-01", 3)).toBe("2026-12-21");
    expect(milestoneDueDate("2026-12-29", 1)).toBe("2027-01-04");
  });

  it("counts the programme week from the start, kept within the plan", () => {
    expect(programmeWeek("2026-12-01", 6, "2026-11-20")).toBe(1);
    expect(programmeWeek("2026-12-01", 6, "2026-12-07")).toBe(1);
    expect(programmeWeek("2026-12-01", 6, "2026-12-08")).toBe(2);
    expect(programmeWeek("2026-12-01", 6, "2027-03-01")).toBe(6);
  });

  it("takes each week's status from its latest submission, and marks late and missing weeks", () => {
    const milestones = buildMilestones(
      plans,
      "2026-12-01",
      [handedIn(1, "changes_requested", true), handedIn(1, "approved"), handedIn(3, "submitted")],
      "2026-12-15",
    );
    expect(milestones.map((m) => [m.week, m.title, m.status, m.late, m.missing])).toEqual([
      [1, "Setup", "approved", true, false],
      [2, "Week 2", "open", false, true],
      [3, "Ship", "submitted", false, false],
    ]);
    expect(progressOf(milestones)).toEqual({ approved: 1, total: 3, nextDueDate: "2026-12-14" });
  });
});
