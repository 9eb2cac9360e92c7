import { describe, expect, it } from "vitest";
import { SCORECARD_MESSAGES } from "../../../shared/messages.js";
import type { AdminScorecardView } from "../../../shared/schemas/scorecards.js";
import {
  checkScorecardFields,
  type ScorecardFields,
  scorecardFieldsOf,
  tagsError,
  withoutFieldErrors,
} from "./scorecard-form-rules.js";

/** A service-plan mock interview: scored on TR, HR and Resume. */
const view = (scorecard: AdminScorecardView["scorecard"] = null): AdminScorecardView => ({
  booking: {
    id: "b1",
    kind: "mock",
    packageKey: "service",
    status: "confirmed",
    title: "Mock interview",
    startAt: "2026-12-01T13:30:00.000Z",
    studentName: "Asha",
    studentEmail: "asha@example.com",
    studentResumeUrl: null,
  },
  areas: ["technical", "hr", "resume"],
  scorecard,
});

const complete: ScorecardFields = {
  scores: { technical: "4", hr: "5", resume: "3" },
  overall: "4",
  tags: " Clear communicator , Revise DP,, ",
  notes: "Good work.",
  recordingUrl: "",
};

describe("the scorecard form's first values", () => {
  it("a new scorecard starts empty, with the room's notes as the draft", () => {
    expect(scorecardFieldsOf(view(), "From the room")).toEqual({
      scores: { technical: "", hr: "", resume: "" },
      overall: "",
      tags: "",
      notes: "From the room",
      recordingUrl: "",
    });
  });

  it("a saved scorecard is shown as saved, its notes rather than the room's", () => {
    const saved = view({
      bookingId: "b1",
      packageKey: "service",
      areas: ["technical", "hr", "resume"],
      scores: { technical: 4, hr: 5, resume: 3 },
      overall: 4,
      tags: ["Clear", "Revise DP"],
      notes: "Saved notes",
      recordingUrl: null,
      createdAt: "2026-12-01T15:00:00.000Z",
      updatedAt: "2026-12-01T15:00:00.000Z",
    });
    expect(scorecardFieldsOf(saved, "From the room")).toEqual({
      scores: { technical: "4", hr: "5", resume: "3" },
      overall: "4",
      tags: "Clear, Revise DP",
      notes: "Saved notes",
      recordingUrl: "",
    });
  });
});

describe("checking the scorecard before it is saved", () => {
  it("a complete form is sent as numbers with its tags split and trimmed", () => {
    const checked = checkScorecardFields(view(), complete);
    expect(checked.errors).toEqual({});
    expect(checked.input).toEqual({
      scores: { technical: 4, hr: 5, resume: 3 },
      overall: 4,
      tags: ["Clear communicator", "Revise DP"],
      notes: "Good work.",
      recordingUrl: "",
    });
  });

  it("every area of the package without a score is named beside it, and the overall score is required", () => {
    const checked = checkScorecardFields(view(), { ...complete, scores: { technical: "4" }, overall: "" });
    expect(checked.input).toBeUndefined();
    expect(checked.errors["scores.hr"]).toBe(SCORECARD_MESSAGES.missingAreas("HR"));
    expect(checked.errors["scores.resume"]).toBe(SCORECARD_MESSAGES.missingAreas("Resume"));
    expect(checked.errors["scores.technical"]).toBeUndefined();
    expect(checked.errors.overall).toBe(SCORECARD_MESSAGES.scoreRange);
  });

  it("a recording link that is not a web address and too many tags are refused", () => {
    const tags = Array.from({ length: 9 }, (_, i) => `tag${i}`).join(",");
    const checked = checkScorecardFields(view(), { ...complete, tags, recordingUrl: "drive/recording" });
    expect(checked.errors.recordingUrl).toBe(SCORECARD_MESSAGES.recordingUrlInvalid);
    expect(tagsError(checked.errors)).toBe(SCORECARD_MESSAGES.tooManyTags);
  });

  it("one tag too long is shown under the tags field", () => {
    const checked = checkScorecardFields(view(), { ...complete, tags: `ok, ${"x".repeat(31)}` });
    expect(Object.keys(checked.errors)).toEqual(["tags.1"]);
    expect(tagsError(checked.errors)).toBe(SCORECARD_MESSAGES.tagTooLong);
  });
});

describe("changing a field", () => {
  it("clears that field's errors and its parts', and no other", () => {
    const errors = { tags: "a", "tags.1": "b", "scores.hr": "c", "scores.resume": "d", overall: "e" };
    expect(withoutFieldErrors(errors, "tags")).toEqual({ "scores.hr": "c", "scores.resume": "d", overall: "e" });
    expect(withoutFieldErrors(errors, "scores.hr")).toEqual({
      tags: "a",
      "tags.1": "b",
      "scores.resume": "d",
      overall: "e",
    });
  });
});
