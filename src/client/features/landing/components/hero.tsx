import type { ReactNode } from "react";
import { feedbackClaim, practiceQuestionsClaim } from "../../../../shared/claims.js";
import type { ServiceType } from "../../../../shared/constants.js";
import { Button } from "../../../ui/button.js";
import { SERVICES } from "../content/services.js";
import { useLandingCatalog } from "../lib/visitor.js";
import { scrollToSection } from "../sections.js";

const CHIP = "rounded-full bg-white px-3 py-1 ring-1 ring-brand-100";

/**
 * The claims: one of principle, and two worded from the product's data (docs/decisions/0330-claims-from-data.md).
 * A claim the data does not back, or not yet, keeps an invisible chip of its size, so nothing moves when it fills in.
 */
function Claims() {
  const catalog = useLandingCatalog().data;
  const measured = [
    {
      id: "feedback",
      text: catalog && feedbackClaim(catalog.feedbackMinutes),
      size: "Feedback within 10 minutes (median)",
    },
    {
      id: "practice",
      text: catalog && practiceQuestionsClaim(catalog.practiceQuestions),
      size: "1,200+ practice questions",
    },
  ];
  return (
    <ul className="mt-5 flex flex-wrap gap-2 text-sm font-medium text-brand-900">
      <li className={CHIP}>Built for campus placements</li>
      {measured.map(({ id, text, size }) =>
        text ? (
          <li key={id} className={CHIP} data-claim={id}>
            {text}
          </li>
        ) : (
          <li key={id} aria-hidden="true" className="invisible">
            <span className={`block ${CHIP}`}>{size}</span>
          </li>
        ),
      )}
    </ul>
  );
}

export function Hero({ notice, onStart }: { notice: ReactNode; onStart: (type: ServiceType) => void }) {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="landing-section flex flex-col justify-center bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        {notice}
        <h1 id="home-title" className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">
          Get placement-ready with people who hire
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          Mock interviews with industry professionals, live workshops and guided internships for college students and
          freshers across India.
        </p>
        <Claims />
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {SERVICES.map((service) => (
            <article
              key={service.id}
              aria-labelledby={`hero-${service.id}`}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id={`hero-${service.id}`} className="text-xl font-bold text-slate-900">
                {service.name}
              </h2>
              <p className="mt-2 flex-1 text-sm text-slate-700">{service.heroText}</p>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Button onClick={() => onStart(service.id)} className="flex-1 whitespace-nowrap">
                  {service.cta}
                </Button>
                <button
                  type="button"
                  aria-describedby={`hero-${service.id}`}
                  onClick={() => scrollToSection(service.id)}
                  className="inline-flex min-h-11 items-center gap-1 rounded-full border whitespace-nowrap border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Learn More
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
                    <path d="M10 14.5 4.5 9l1.4-1.4 4.1 4.1 4.1-4.1L15.5 9z" />
                  </svg>
                </button>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
