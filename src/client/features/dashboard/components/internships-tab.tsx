import { Link } from "react-router";
import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { Panel } from "./panel.js";
import { ProgrammeView } from "./programme-view.js";
import { SessionActions } from "./session-actions.js";
import { CertificateLinks } from "./session-list.js";
import { StatusBadge } from "./status-badge.js";

/** The student's internship: enrolment with receipt, calendar and cancel, then the programme itself. */
export function InternshipsTab({ data, zone, zoneLabel }: { data: Dashboard; zone: string; zoneLabel: string }) {
  const internship = data.internship;
  if (!internship) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">Internships</h1>
        <Panel title="Enrolment">
          <p className="text-slate-700">You are not enrolled in an internship.</p>
          <Link
            to="/onboarding?type=internship"
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            See the next internship
          </Link>
        </Panel>
      </div>
    );
  }
  const session = data.sessions.find((s) => s.bookingId === internship.bookingId);
  const enrolled = internship.status === "confirmed" || internship.status === "completed";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Internships</h1>
      <Panel title="Enrolment" action={<StatusBadge status={internship.status} />}>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-700">Internship</dt>
            <dd className="font-semibold text-slate-900">{internship.title}</dd>
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
        {session && (
          <div className="mt-4">
            <SessionActions session={session} zone={zone} zoneLabel={zoneLabel} />
          </div>
        )}
        {internship.certificate && (
          <div className="mt-4">
            <CertificateLinks code={internship.certificate.code} status={internship.certificate.status} />
          </div>
        )}
      </Panel>
      {enrolled && <ProgrammeView bookingId={internship.bookingId} zone={zone} zoneLabel={zoneLabel} />}
    </div>
  );
}
