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
