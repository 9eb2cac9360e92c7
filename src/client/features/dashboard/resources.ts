/** A curated reading list shown as "Saved resources" and searched from the header (static on purpose). */
export interface Resource {
  id: string;
  title: string;
  description: string;
  topic: "Interviews" | "DSA" | "System design" | "Resume" | "Communication";
  url: string;
}

export const SAVED_RESOURCES: Resource[] = [
  {
    id: "tih",
    title: "Tech Interview Handbook",
    description: "Free guide to coding interviews: study plans, patterns and behavioural questions.",
    topic: "Interviews",
    url: "https://www.techinterviewhandbook.org/",
  },
  {
    id: "neetcode",
    title: "NeetCode roadmap",
    description: "DSA problems grouped by pattern, with video explanations.",
    topic: "DSA",
    url: "https://neetcode.io/roadmap",
  },
  {
    id: "sdp",
    title: "The System Design Primer",
    description: "How to design large-scale systems, with practice questions and solutions.",
    topic: "System design",
    url: "https://github.com/donnemartin/system-design-primer",
  },
  {
    id: "cses",
    title: "CSES problem set",
    description: "Classic algorithm problems with an online judge, from sorting to graphs.",
    topic: "DSA",
    url: "https://cses.fi/problemset/",
  },
  {
    id: "star",
    title: "The STAR method for behavioural answers",
    description: "Structure HR answers as Situation, Task, Action and Result.",
    topic: "Communication",
    url: "https://www.themuse.com/advice/star-interview-method",
  },
  {
    id: "resume",
    title: "Resume guide for software engineers",
    description: "What recruiters scan for, with a one-page template and bullet-point formulas.",
    topic: "Resume",
    url: "https://www.techinterviewhandbook.org/resume/",
  },
];

/** Prompts for the 15-minute practice: one per area the scorecard rates. */
export const PRACTICE_PROMPTS: { area: string; prompt: string }[] = [
  {
    area: "Resume",
    prompt: "Walk through your strongest project in two minutes: the problem, your part, the result in numbers.",
  },
  {
    area: "Technical",
    prompt: "Find the first non-repeating character in a string. State the time and space complexity before you code.",
  },
  {
    area: "Technical",
    prompt: "Design a URL shortener for a college fest: the API, the data model and how it handles 10x traffic.",
  },
  {
    area: "Communication",
    prompt: "Tell me about a time you disagreed with a teammate. Use Situation, Task, Action, Result.",
  },
  {
    area: "Phone screen",
    prompt: "Explain the difference between a process and a thread to someone who is not an engineer.",
  },
];

export const PRACTICE_MINUTES = 15;
