import type { Programme } from "../../../../shared/schemas/programme.js";
import { formatDayLabel, formatInstant } from "../../../../shared/time.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useProgramme } from "../api/get-programme.js";
import { MilestoneList } from "./milestone-list.js";
import { OnboardingCallCard } from "./onboarding-call.js";
import { Panel } from "./panel.js";
import { CertificateLinks } from "./session-list.js";
import { StandupForm } from "./standup-form.js";

/** The programme of a paid internship: mentor and call, progress, calendar, milestones and standups. */
export function ProgrammeView({ bookingId, zone, zoneLabel }: { bookingId: string; zone: string; zoneLabel: string }) {
  const programme = useProgramme(bookingId);
  if (programme.isPending) return <Spinner label="Loading your programme…" />;
  if (programme.isError) return <Alert tone="error">{programme.error.message}</Alert>;
  const p = programme.data;
  return (
    <>
      <Panel title="Your mentor and onboarding">
        <div className="space-y-4">
          <p className="text-slate-900">
            {p.mentor ? (
              <>
                Mentor: <strong>{p.mentor.name}</strong>
                <span className="text-slate-700"> · {p.mentor.qualification}</span>
              </>
            ) : (
              "Your mentor is being assigned."
            )}
          </p>
          <OnboardingCallCard
            bookingId={bookingId}
            call={p.onboardingCall}
            hasMentor={p.mentor !== null}
            zone={zone}
            zoneLabel={zoneLabel}
          />
        </div>
      </Panel>
      <ProgressPanel programme={p} zone={zone} zoneLabel={zoneLabel} />
      <Panel title="Weekly milestones">
        <MilestoneList
          bookingId={bookingId}
          milestones={p.milestones}
          currentWeek={p.currentWeek}
          zone={zone}
          zoneLabel={zoneLabel}
        />
      </Panel>
      <Panel title="Weekly standup">
        <StandupForm bookingId={bookingId} week={p.currentWeek} />
        {p.standups.length > 0 && (
          <ul className="mt-4 space-y-2" aria-label="Your standups">
            {p.standups.map((s) => (
              <li key={s.id} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                <p className="font-medium text-slate-900">
                  Week {s.week} · {formatInstant(s.createdAt, zone, zoneLabel)}
                </p>
                <p>Done: {s.done}</p>
                <p>Next: {s.next}</p>
                {s.blockers && <p>Blockers: {s.blockers}</p>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}

/** Progress, next due date, the mentor's last feedback and the batch calendar (start, weeks, demo day). */
function ProgressPanel({ programme: p, zone, zoneLabel }: { programme: Programme; zone: string; zoneLabel: string }) {
  const label = useCatalogLabel();
  return (
    <Panel title="Progress and calendar">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-700">Progress</dt>
          <dd className="font-semibold text-slate-900">
            {p.progress.approved} of {p.progress.total} milestones approved
            <progress
              className="mt-1 block w-full"
              max={p.progress.total}
              value={p.progress.approved}
              aria-label="Milestones approved"
            />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Next due date</dt>
          <dd className="font-semibold text-slate-900">{p.nextDueDate ? formatDayLabel(p.nextDueDate) : "All done"}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Track</dt>
          <dd className="font-semibold text-slate-900">{label(p.trackKey)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Batch calendar</dt>
          <dd className="text-slate-900">
            Starts {formatDayLabel(p.startDate)} · {p.weeks} weeks · Demo day{" "}
            {p.demoDay ? formatInstant(p.demoDay.startAt, zone, zoneLabel) : "to be announced"}
          </dd>
        </div>
      </dl>
      {p.lastFeedback && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">
            Mentor's last feedback (week {p.lastFeedback.week}), {p.lastFeedback.authorName}:
          </p>
          <p className="whitespace-pre-line text-slate-800">{p.lastFeedback.body}</p>
        </div>
      )}
      {p.demoAttended && <p className="mt-3 text-sm text-slate-800">You presented on demo day.</p>}
      {p.certificateCode && (
        <div className="mt-3">
          <CertificateLinks code={p.certificateCode} status="valid" />
        </div>
      )}
    </Panel>
  );
}
