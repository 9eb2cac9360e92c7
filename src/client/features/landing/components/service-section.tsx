import type { ServiceType } from "../../../../shared/constants.js";
import { Button } from "../../../ui/button.js";
import type { ServiceContent } from "../content/services.js";
import { PackageList } from "./package-list.js";

export function ServiceSection({
  service,
  onStart,
  tinted,
}: {
  service: ServiceContent;
  onStart: (type: ServiceType) => void;
  tinted: boolean;
}) {
  const titleId = `${service.id}-title`;
  return (
    <section
      id={service.id}
      aria-labelledby={titleId}
      className={`landing-section flex flex-col justify-center ${tinted ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{service.name}</p>
          <h2 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            {service.title}
          </h2>
          <p className="mt-3 text-slate-700">{service.intro}</p>
          <dl className="mt-5 space-y-3">
            {service.facts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm font-semibold text-slate-900">{fact.label}</dt>
                <dd className="text-sm text-slate-700">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <Button onClick={() => onStart(service.id)} className="mt-6">
            {service.cta}
          </Button>
        </div>
        <div className="space-y-5">
          <div>
            <h3 className="mb-2 text-base font-semibold text-slate-900">{service.packagesTitle}</h3>
            <PackageList
              packages={service.packages}
              topicPrefix={service.id === "internship" ? "int_" : service.id === "workshop" ? "ws_" : undefined}
              bookingLink={
                service.id === "internship" ? (key) => `/onboarding?type=internship&track=${key}` : undefined
              }
            />
          </div>
          <div>
            <h3 className="mb-2 text-base font-semibold text-slate-900">How it works</h3>
            <ol className="grid gap-2 sm:grid-cols-2">
              {service.steps.map((step, index) => (
                <li key={step.title} className="flex gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200">
                  <span
                    aria-hidden="true"
                    className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-slate-900">{step.title}</p>
                    <p className="text-sm text-slate-700">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </section>
  );
}
