import { Link } from "react-router";
import type { MentorOverview } from "../../../../shared/schemas/programme.js";
import { formatDayLabel, formatInstant } from "../../../../shared/time.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { ReviewQueueList } from "../../../shared/review/review-queue.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { mentorOverviewQuery, useMentorOverview } from "../api/get-mentor-overview.js";
import { useStandupFeed } from "../api/get-standups.js";

/** Mentoring: the mentor's students, submissions to review (oldest first), standups and the batch calendar. */
export function Mentoring({ zone, zoneLabel }: { zone: string; zoneLabel: string }) {
  const overview = useMentorOverview();
  const label = useCatalogLabel();
  if (overview.isPending) return <Spinner label="Loading your mentees…" />;
  if (overview.isError) return <Alert tone="error">{overview.error.message}</Alert>;
  const data = overview.data;
  // Interviewers who neither mentor nor host attendees have nothing here.
  if (!data.mentor.trackKey && data.students.length === 0 && !data.hostsAttendees) return null;
  return (
    <section aria-labelledby="mentoring-heading" className="space-y-4 rounded-2xl border border-slate-200 p-5">
      <h2 id="mentoring-heading" className="text-xl font-bold text-slate-900">
        Mentoring
        {data.mentor.trackKey && (
          <span className="ml-2 text-base font-medium text-slate-700">· {label(data.mentor.trackKey)}</span>
        )}
      </h2>
      <Students data={data} />
      <div>
        <h3 className="mb-2 text-lg font-semibold text-slate-900">To review, oldest first</h3>
        <ReviewQueueList zone={zone} zoneLabel={zoneLabel} also={[mentorOverviewQuery().queryKey]} />
      </div>
      <BatchCalendar data={data} zone={zone} zoneLabel={zoneLabel} />
      <Standups zone={zone} zoneLabel={zoneLabel} />
    </section>
  );
}

function Students({ data }: { data: MentorOverview }) {
  return (
    <div>
      <h3 className="mb-2 text-lg font-semibold text-slate-900">Your students</h3>
      {data.students.length === 0 ? (
        <p className="text-slate-700">No students are matched to you yet.</p>
      ) : (
        <ul className="space-y-2">
          {data.students.map((s) => (
            <li key={s.bookingId} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <p className="font-semibold text-slate-900">
                {s.name} <span className="font-normal text-slate-700">· {s.batchTitle}</span>
              </p>
              <p>
                {s.approved} of {s.total} milestones approved
                {s.nextDueDate && ` · next due ${formatDayLabel(s.nextDueDate)}`}
              </p>
              {s.late.length > 0 && <p className="text-amber-900">Late: week {s.late.join(", ")}</p>}
              {s.missing.length > 0 && (
                <p className="font-semibold text-red-700">Missing: week {s.missing.join(", ")}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BatchCalendar({ data, zone, zoneLabel }: { data: MentorOverview; zone: string; zoneLabel: string }) {
  if (data.batches.length === 0 && data.calls.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-lg font-semibold text-slate-900">Batch calendar</h3>
      <ul className="space-y-1 text-sm text-slate-800">
        {data.batches.map((b) => (
          <li key={b.id}>
            {b.title}: starts {formatDayLabel(b.startDate)}, {b.weeks} weeks, demo day{" "}
            {b.demoDay ? formatInstant(b.demoDay.startAt, zone, zoneLabel) : "to be scheduled"}
          </li>
        ))}
        {data.calls.map((c) => (
          <li key={c.id}>
            Onboarding call with {c.studentName}: {formatInstant(c.startAt, zone, zoneLabel)}
            {" · "}
            <Link to={`/room/${encodeURIComponent(c.bookingId)}`} className="text-brand-800 underline">
              Join<span className="sr-only"> the call with {c.studentName} in the session room</span>
            </Link>
            {c.joinUrl && (
              <>
                {" · "}
                <a href={c.joinUrl} target="_blank" rel="noreferrer" className="text-brand-800 underline">
                  Backup link<span className="sr-only"> for the call with {c.studentName} (opens in a new tab)</span>
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Standups({ zone, zoneLabel }: { zone: string; zoneLabel: string }) {
  const feed = useStandupFeed();
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <h3 className="mb-2 text-lg font-semibold text-slate-900">Standups</h3>
      {feed.isPending && <Spinner label="Loading standups…" />}
      {!feed.isPending && items.length === 0 && <p className="text-slate-700">No standups yet.</p>}
      <ul className="space-y-2">
        {items.map((s) => (
          <li key={s.id} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            <p className="font-semibold text-slate-900">
              {s.studentName} · week {s.week} · {formatInstant(s.createdAt, zone, zoneLabel)}
            </p>
            <p>Done: {s.done}</p>
            <p>Next: {s.next}</p>
            {s.blockers && <p>Blockers: {s.blockers}</p>}
          </li>
        ))}
      </ul>
      {feed.hasNextPage && (
        <Button variant="secondary" onClick={() => void feed.fetchNextPage()} className="mt-2">
          Show more standups
        </Button>
      )}
    </div>
  );
}
