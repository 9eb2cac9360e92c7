import type { HostedWorkshop } from "../../../../shared/schemas/interviewer.js";
import { formatInstant } from "../../../../shared/time.js";

/** The workshop sessions the interviewer hosts (decision 0190): when, who is booked, the link. */
export function HostedWorkshops({
  workshops,
  zone,
  zoneLabel,
}: {
  workshops: HostedWorkshop[];
  zone: string;
  zoneLabel: string;
}) {
  if (workshops.length === 0) return null;
  return (
    <section aria-labelledby="hosted-heading" className="space-y-3">
      <h2 id="hosted-heading" className="text-lg font-semibold text-slate-900">
        Workshops you host
      </h2>
      <ul className="space-y-3">
        {workshops.map((w) => (
          <li
            key={w.id}
            aria-labelledby={`hosted-${w.id}`}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`hosted-${w.id}`} className="font-semibold text-slate-900">
              {w.title}
            </h3>
            <p className="text-sm text-slate-700">
              {w.level} · {formatInstant(w.startAt, zone, zoneLabel)}
              {w.status === "draft" ? " · Draft: not yet open to students" : ""}
            </p>
            <p className="text-sm text-slate-700">
              {w.booked} of {w.capacity} seats booked
            </p>
            {w.meetingLink ? (
              <a
                href={w.meetingLink}
                target="_blank"
                rel="noreferrer"
                className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
              >
                Join the workshop<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <p className="text-sm text-slate-700">The meeting link appears here once the team sets it.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
