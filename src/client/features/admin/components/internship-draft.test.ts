import { describe, expect, it } from "vitest";
import { INTERNSHIP_WEEKS } from "../../../../shared/constants.js";
import { internshipDraftOf, internshipFormOf, withInternshipField } from "./internship-draft.js";

const planned = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `W${i + 1}`, deliverables: `D${i + 1}` }));

describe("the internship form", () => {
  it("a new internship starts with the standard number of weeks, each with an empty plan", () => {
    const draft = internshipDraftOf(undefined);
    expect(draft.weeks).toBe(String(INTERNSHIP_WEEKS));
    expect(draft.plans).toHaveLength(INTERNSHIP_WEEKS);
    expect(draft.plans.every((p) => p.title === "" && p.deliverables === "")).toBe(true);
  });

  it("fewer weeks hide the later plans without losing them; more weeks show them again", () => {
    const draft = { ...internshipDraftOf(undefined), weeks: "4", plans: planned(4) };
    const fewer = withInternshipField(draft, "weeks", "2");
    expect(internshipFormOf(fewer).weekPlans).toEqual(planned(2));
    const back = withInternshipField(fewer, "weeks", "4");
    expect(internshipFormOf(back).weekPlans).toEqual(planned(4));
    const more = withInternshipField(back, "weeks", "5");
    expect(internshipFormOf(more).weekPlans.at(-1)).toEqual({ title: "", deliverables: "" });
  });

  it("an emptied weeks field is sent as zero weeks with no plans", () => {
    const form = internshipFormOf(withInternshipField(internshipDraftOf(undefined), "weeks", ""));
    expect(form.weeks).toBe(0);
    expect(form.weekPlans).toEqual([]);
  });

  it("other fields change only themselves", () => {
    const draft = internshipDraftOf(undefined);
    expect(withInternshipField(draft, "mentor", "Ravi")).toEqual({ ...draft, mentor: "Ravi" });
  });
});
