import { Link } from "react-router";
import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { Panel } from "./panel.js";
import { CertificateLinks } from "./session-list.js";
import { StatusBadge } from "./status-badge.js";

export function InternshipsTab({ data }: { data: Dashboard }) {
  const internship = data.internship;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Internships</h1>
      {!internship ? (
        <Panel title="Enrolment">
          <p className="text-slate-700">You are not enrolled in an internship.</p>
          <Link
            to="/onboarding?type=internship"
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            See the next internship
          </Link>
        </Panel>
      ) : (
        <>
          <Panel title="Enrolment" action={<StatusBadge status={internship.status} />}>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-slate-700">Internship</dt>
                <dd className="font-semibold text-slate-900">{internship.title}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">Mentor</dt>
                <dd className="font-semibold text-slate-900">{internship.mentor}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">Starts</dt>
                <dd className="font-semibold text-slate-900">{formatDayLabel(internship.startDate)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-700">Duration</dt>
                <dd className="font-semibold text-slate-900">{internship.weeks} weeks</dd>
              </div>
            </dl>
            {internship.certificate && (
              <div className="mt-4">
                <CertificateLinks code={internship.certificate.code} status={internship.certificate.status} />
              </div>
            )}
          </Panel>
          <Panel title="Weekly plan">
            {internship.currentWeek === null && (
              <p className="mb-3 text-sm text-slate-700">
                {Date.parse(internship.startDate) > Date.now()
                  ? "The plan starts on the first day."
                  : "All weeks are done."}
              </p>
            )}
            <ol className="space-y-3">
              {internship.weekPlans.map((week, index) => {
                const number = index + 1;
                const current = number === internship.currentWeek;
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional
                    key={index}
                    aria-current={current ? "step" : undefined}
                    className={`rounded-xl border p-3 ${current ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
                  >
                    <p className="text-sm font-semibold text-slate-900">
                      Week {number}: {week.title}
                      {current && (
                        <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">This week</span>
                      )}
                    </p>
                    <p className="text-sm text-slate-700">{week.deliverables}</p>
                  </li>
                );
              })}
            </ol>
          </Panel>
        </>
      )}
    </div>
  );
}
