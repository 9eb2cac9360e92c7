import { describe, expect, it } from "vitest";
import { feedbackClaim, PRACTICE_CLAIM_MIN, practiceQuestionsClaim } from "./claims.js";
import { FEEDBACK_MIN_SESSIONS } from "./constants.js";

describe("the landing page's claims", () => {
  it("round the bank's size down to two significant figures, and make no claim for a tiny bank", () => {
    expect(practiceQuestionsClaim(PRACTICE_CLAIM_MIN - 1)).toBeNull();
    expect(practiceQuestionsClaim(10)).toBe("10+ practice questions");
    expect(practiceQuestionsClaim(55)).toBe("55+ practice questions");
    expect(practiceQuestionsClaim(1234)).toBe("1,200+ practice questions");
    expect(practiceQuestionsClaim(1299)).toBe("1,200+ practice questions");
    expect(practiceQuestionsClaim(52_987)).toBe("52,000+ practice questions");
    expect(practiceQuestionsClaim(123_456)).toBe("1,20,000+ practice questions");
  });

  it("word the median feedback time, in hours when it is long, and nothing without a figure", () => {
    const figure = (median: number) => ({ median, p90: median * 2, sessions: FEEDBACK_MIN_SESSIONS });
    expect(feedbackClaim(null)).toBeNull();
    expect(feedbackClaim(figure(0))).toBe("Feedback within 1 minute (median)");
    expect(feedbackClaim(figure(8))).toBe("Feedback within 8 minutes (median)");
    expect(feedbackClaim(figure(90))).toBe("Feedback within 90 minutes (median)");
    expect(feedbackClaim(figure(150))).toBe("Feedback within 3 hours (median)");
  });
});
