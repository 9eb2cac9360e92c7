import { describe, expect, it } from "vitest";
import { PRACTICE_MESSAGES } from "../../../../../shared/messages.js";
import { checkQuestionDraft, EMPTY_QUESTION_DRAFT, nextQuestionDraft, questionDraftOf } from "./question-draft.js";

const filled = {
  ...EMPTY_QUESTION_DRAFT,
  domain: "pm",
  topic: "Prioritisation",
  prompt: "How would you cut scope?",
  hints: "Name the goal\n\n  Rank by impact  \n",
};

describe("the practice question form", () => {
  it("sends hints one per line, blank lines left out", () => {
    const checked = checkQuestionDraft(filled);
    expect(checked.errors).toEqual({});
    expect(checked.input?.hints).toEqual(["Name the goal", "Rank by impact"]);
  });

  it("shows every failing rule beside its field at once", () => {
    const checked = checkQuestionDraft(EMPTY_QUESTION_DRAFT);
    expect(checked.input).toBeUndefined();
    expect(checked.errors).toEqual({
      topic: PRACTICE_MESSAGES.topicRequired,
      prompt: PRACTICE_MESSAGES.promptRequired,
      modelAnswer: PRACTICE_MESSAGES.answerOrHints,
    });
  });

  it("after adding a question the next keeps its domain and topic and starts the rest afresh", () => {
    expect(nextQuestionDraft(filled)).toEqual({ ...EMPTY_QUESTION_DRAFT, domain: "pm", topic: "Prioritisation" });
  });

  it("editing a question shows its hints one per line and no model answer as empty", () => {
    const draft = questionDraftOf({
      id: "q1",
      domain: "sde",
      companyType: "product",
      topic: "Graphs",
      difficulty: "hard",
      prompt: "Detect a cycle",
      modelAnswer: null,
      hints: ["Colour the nodes", "Back edges"],
    });
    expect(draft.hints).toBe("Colour the nodes\nBack edges");
    expect(draft.modelAnswer).toBe("");
    expect(checkQuestionDraft(draft).errors).toEqual({});
  });
});
