import { Link } from "react-router";
import { Panel } from "./panel.js";

const OPTIONS = [
  {
    type: "mockInterview",
    title: "Mock interview",
    text: "45–60 minutes with an industry professional, with a scorecard.",
  },
  {
    type: "workshop",
    title: "Workshop",
    text: "Live, project-based sessions from Beginner to Advanced, with a certificate.",
  },
  {
    type: "internship",
    title: "Internship",
    text: "Six weeks of weekly milestones with a mentor and a verified certificate.",
  },
] as const;

/** Shown instead of empty cards until the student has a booking (docs/product.md, Dashboard). */
export function OnboardingCallToAction() {
  return (
    <Panel title="Start with your first booking">
      <p className="mb-4 text-slate-700">
        Nothing is booked yet. Pick what you want to prepare with; your sessions, feedback and progress will show up
        here.
      </p>
      <ul className="grid gap-3 md:grid-cols-3">
        {OPTIONS.map((option) => (
          <li key={option.type} className="flex flex-col rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">{option.title}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-700">{option.text}</p>
            <Link
              to={`/onboarding?type=${option.type}`}
              className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Book {option.title.toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-700">
        Or warm up now:{" "}
        <Link to="/practice" className="font-semibold text-brand-800 underline">
          practise interview questions
        </Link>{" "}
        by domain and topic, with a 15-minute timer.
      </p>
    </Panel>
  );
}
