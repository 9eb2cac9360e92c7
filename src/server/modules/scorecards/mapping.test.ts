import { describe, expect, it } from "vitest";
import type { ScorecardsTable } from "../../db/schema.js";
import { toScorecard } from "./mapping.js";

const row = (scores: string): ScorecardsTable => ({
  id: "s1",
  booking_id: "b1",
  scores,
  overall: 4,
  tags: '["dsa"]',
  notes: "Clear answers",
  recording_url: null,
  created_by: "interviewer@example.com",
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
});

describe("a stored scorecard read back", () => {
  it("gives its scores and the plan's areas as saved", () => {
    const card = toScorecard(row('{"technical":4,"hr":5,"resume":3}'), "service");
    expect(card.scores).toEqual({ technical: 4, hr: 5, resume: 3 });
    expect(card.areas).toEqual(["technical", "hr", "resume"]);
    expect(toScorecard(row("{}"), "maang").areas).toEqual(["phoneScreen", "technical", "technical2", "hr", "resume"]);
    expect(toScorecard(row("{}"), "ws_resume").areas).toEqual(["technical", "hr", "resume"]);
  });

  it("leaves out a stored key that is not an area, as the schema does", () => {
    expect(toScorecard(row('{"technical":4,"mood":2}'), "service").scores).toEqual({ technical: 4 });
  });

  it.each([
    ["a score beyond the scale", '{"technical":7}'],
    ["a score that is not a whole number", '{"hr":3.5}'],
    ["a score that is not a number", '{"hr":"4"}'],
    ["scores that are not an object", "[4,5]"],
  ])("refuses %s, as before", (_, scores) => {
    expect(() => toScorecard(row(scores), "service")).toThrow();
  });

  it("gives each scorecard its own list of areas", () => {
    const first = toScorecard(row("{}"), "service");
    first.areas.push("phoneScreen");
    expect(toScorecard(row("{}"), "service").areas).toEqual(["technical", "hr", "resume"]);
  });
});
