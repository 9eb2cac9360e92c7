import {
  type CatalogKey,
  INTERNSHIP_WEEKS,
  PACKAGE_ROUNDS,
  type ServiceType,
  WORKSHOP_LEVELS,
} from "../../../../shared/constants.js";

export interface ServiceContent {
  id: ServiceType;
  /** Hero card title (docs/product.md, Landing page: Mock Interviews, Internships, Workshops). */
  name: string;
  heroText: string;
  cta: string;
  title: string;
  intro: string;
  facts: ReadonlyArray<{ label: string; value: string }>;
  packagesTitle: string;
  packages: ReadonlyArray<{ key: CatalogKey; detail: string }>;
  steps: ReadonlyArray<{ title: string; text: string }>;
}

/** The three services, with the four-step process of each (docs/product.md, Landing page). */
export const SERVICES: readonly ServiceContent[] = [
  {
    id: "mockInterview",
    name: "Mock Interviews",
    heroText: "45–60 minute interviews with working professionals, a scorecard and feedback you can act on.",
    cta: "Book Mock Interview",
    title: "Mock interviews with industry professionals",
    intro:
      "Practise the rounds of campus placements with engineers, product managers, analysts and designers who hire for them.",
    facts: [
      { label: "Domains", value: "SDE, product management, analytics, UI/UX" },
      { label: "Session", value: "About 45–60 minutes, online" },
      { label: "You get", value: "A scorecard, with an optional video review and recording" },
    ],
    packagesTitle: "Packages",
    packages: [
      { key: "service", detail: PACKAGE_ROUNDS.service },
      { key: "product", detail: PACKAGE_ROUNDS.product },
      { key: "maang", detail: PACKAGE_ROUNDS.maang },
    ],
    steps: [
      { title: "Choose type and slot", text: "Pick a package and a time that suits your timetable." },
      { title: "Meet real professionals", text: "Your interviewer works at the kind of company you are aiming for." },
      {
        title: "Get a full analysis",
        text: "Resume, technical depth and communication, scored area by area.",
      },
      { title: "Track your progress", text: "Scorecards and trends on your dashboard, interview after interview." },
    ],
  },
  {
    id: "internship",
    name: "Internships",
    heroText: `${INTERNSHIP_WEEKS}-week guided internships with weekly milestones, code reviews and a verified certificate.`,
    cta: "Apply for Internship",
    title: `${INTERNSHIP_WEEKS}-week internships on real projects`,
    intro: "Build something you can show in interviews, with a mentor who reviews your work every week.",
    facts: [
      { label: "Length", value: `${INTERNSHIP_WEEKS} weeks, with weekly milestones` },
      { label: "Effort", value: "About 6–10 hours a week, alongside college" },
      { label: "Tracks", value: "Web, Mobile, Data/AI, Product" },
    ],
    packagesTitle: "Tracks you can enrol in now",
    packages: [
      { key: "int_frontend", detail: "Web front end: React, accessibility, performance" },
      { key: "int_backend", detail: "APIs, databases and deployment" },
      { key: "int_ml", detail: "Data/AI: data pipelines and applied machine learning" },
      { key: "int_mobile", detail: "Mobile apps: screens, offline data and a store release" },
      { key: "int_product", detail: "Product: discovery, a PRD, a roadmap and a launch plan" },
    ],
    steps: [
      { title: "Apply and pick a track", text: "A short form, your track, payment and an onboarding call." },
      { title: "Onboarding and mentor match", text: "We pair you with a mentor who works in your track." },
      { title: "Weekly milestones", text: "Stand-ups and code reviews keep you moving every week." },
      { title: "Demo day", text: "Present your project and earn a verified certificate." },
    ],
  },
  {
    id: "workshop",
    name: "Workshops",
    heroText: `Live, project-oriented workshops from ${WORKSHOP_LEVELS[0]} to ${WORKSHOP_LEVELS[2]}, with a certificate of completion.`,
    cta: "Join Workshop",
    title: "Live workshops you learn by doing",
    intro: "Small live batches where you build while you learn, then finish a capstone mini-project.",
    facts: [
      { label: "Topics", value: "DSA, System Design, Web, Mobile, AI tooling" },
      { label: "Levels", value: WORKSHOP_LEVELS.join(", ") },
      { label: "You get", value: "A shareable certificate: of completion with an approved capstone" },
    ],
    packagesTitle: "Workshops open for booking",
    packages: [
      { key: "ws_resume", detail: "A resume that gets shortlisted" },
      { key: "ws_dsa", detail: "Data structures and algorithms for coding rounds" },
      { key: "ws_systemdesign", detail: "System design from first principles" },
      { key: "ws_web", detail: "Ship a web app in a day" },
      { key: "ws_mobile", detail: "Your first mobile app" },
      { key: "ws_ai_tooling", detail: "AI tools for developers, used well" },
    ],
    steps: [
      { title: "Pick topic and level", text: `${WORKSHOP_LEVELS.join(", ")}: start where you are.` },
      { title: "Reserve a seat", text: "Choose a date and slot; seats are limited so everyone gets help." },
      { title: "Hands-on session", text: "Code along live with the instructor and ask as you go." },
      { title: "Capstone mini-project", text: "Finish a small project and get a shareable certificate." },
    ],
  },
];
