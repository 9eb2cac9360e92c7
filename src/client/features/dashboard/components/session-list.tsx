import { Link } from "react-router";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { formatSessionStart } from "../format.js";
import { ScorecardView } from "./scorecard-view.js";
import { SessionActions } from "./session-actions.js";
import { StatusBadge } from "./status-badge.js";

/** Sessions as cards, with actions while upcoming and scorecard or certificate afterwards. */
export function SessionList({
  sessions,
  empty,
  zone,
  zoneLabel,
}: {
  sessions: DashboardSession[];
  empty: string;
  zone: string;
  zoneLabel: string;
}) {
  if (sessions.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-4">
      {sessions.map((s) => (
        <li key={s.bookingId} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 className="font-semibold text-slate-900">{s.title}</h3>
              {/* A mock's title already names its plan; a workshop's or batch's is the admin's own. */}
              {s.kind !== "mock" && <p className="text-sm text-slate-700">{s.packageLabel}</p>}
              <p className="text-sm text-slate-800">{formatSessionStart(s, zone, zoneLabel)}</p>
              {s.interviewerName && <p className="text-sm text-slate-700">with {s.interviewerName}</p>}
              {s.level && <p className="text-sm text-slate-700">Level: {s.level}</p>}
            </div>
            <StatusBadge status={s.status} />
          </div>
          {s.status === "cancelled" && s.cancelReason && (
            <p className="text-sm text-slate-700">Reason: {s.cancelReason}</p>
          )}
          <SessionActions session={s} zone={zone} zoneLabel={zoneLabel} />
          {s.scorecard && <ScorecardView scorecard={s.scorecard} />}
          {s.kind === "mock" && s.status === "completed" && !s.scorecard && (
            <p className="text-sm text-slate-700">Your interviewer is writing your scorecard.</p>
          )}
          {s.certificate && <CertificateLinks code={s.certificate.code} status={s.certificate.status} />}
        </li>
      ))}
    </ul>
  );
}

export function CertificateLinks({ code, status }: { code: string; status: "valid" | "revoked" }) {
  if (status === "revoked") return <p className="text-sm text-slate-700">Certificate {code} was revoked.</p>;
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-medium text-slate-900">Certificate {code}</span>
      <Link to={`/certificates/${code}`} className="font-medium text-brand-800 underline">
        View public page
      </Link>
      <a href={`/api/certificates/${code}/pdf`} download className="font-medium text-brand-800 underline">
        Download PDF
      </a>
    </p>
  );
}
