import { useState } from "react";
import type { Roster, RosterStudent } from "../../../../shared/schemas/programme.js";
import { formatDayLabel, formatInstant, zonedToInstant } from "../../../../shared/time.js";
import { Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useRoster } from "../api/get-roster.js";
import { useMarkDemoAttended } from "../api/mark-demo-attended.js";
import { useMoveStudent } from "../api/move-student.js";
import { useScheduleDemoDay } from "../api/schedule-demo-day.js";
import { AdminError } from "./admin-error.js";

/** A batch's students with progress, late and missing weeks, their mentor (movable) and demo-day attendance. */
export function BatchRoster({
  internshipId,
  zone,
  zoneLabel,
}: {
  internshipId: string;
  zone: string;
  zoneLabel: string;
}) {
  const roster = useRoster(internshipId);
  if (roster.isPending) return <Spinner label="Loading the roster…" />;
  if (roster.isError) return <AdminError error={roster.error} />;
  const r = roster.data;
  return (
    <div className="space-y-4">
      <DemoDay roster={r} zone={zone} zoneLabel={zoneLabel} />
      <h3 className="text-lg font-semibold text-slate-900">
        Roster ({r.students.length}) · mentors: {r.mentors.map((m) => `${m.name} (${m.students})`).join(", ") || "none"}
      </h3>
      {r.students.length === 0 ? (
        <p className="text-slate-700">Nobody has paid for this batch yet.</p>
      ) : (
        <ul className="space-y-3">
          {r.students.map((s) => (
            <RosterRow key={s.bookingId} student={s} roster={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RosterRow({ student: s, roster }: { student: RosterStudent; roster: Roster }) {
  const move = useMoveStudent();
  const attend = useMarkDemoAttended();
  const error = move.error ?? attend.error;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm">
      <p className="font-semibold text-slate-900">
        {s.name} <span className="font-normal text-slate-700">· {s.email}</span>
      </p>
      <p className="text-slate-800">
        {s.approved} of {s.total} milestones approved
        {s.nextDueDate && ` · next due ${formatDayLabel(s.nextDueDate)}`}
        {s.late.length > 0 && ` · late: week ${s.late.join(", ")}`}
        {s.missing.length > 0 && ` · missing: week ${s.missing.join(", ")}`}
      </p>
      <SelectField
        label={`Mentor of ${s.name}`}
        value={s.mentor?.id ?? ""}
        onChange={(e) => move.mutate({ bookingId: s.bookingId, mentorId: e.target.value })}
      >
        {!s.mentor && <option value="">No mentor yet</option>}
        {roster.mentors.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap items-center gap-3">
        {s.demoAttended ? (
          <span className="text-slate-800">Presented on demo day</span>
        ) : (
          <Button
            variant="secondary"
            disabled={attend.isPending || !roster.batch.demoDay}
            onClick={() => attend.mutate({ bookingId: s.bookingId, internshipId: roster.batch.id })}
          >
            Mark {s.name} present at demo day
          </Button>
        )}
        {s.certificateCode && <span className="font-medium text-slate-900">Certificate {s.certificateCode}</span>}
      </div>
      {error && <AdminError error={error} />}
    </li>
  );
}

function DemoDay({ roster, zone, zoneLabel }: { roster: Roster; zone: string; zoneLabel: string }) {
  const schedule = useScheduleDemoDay();
  const [date, setDate] = useState("");
  const [start, setStart] = useState("17:00");
  const [end, setEnd] = useState("19:00");
  const demo = roster.batch.demoDay;
  return (
    <form
      className="space-y-2 rounded-xl bg-slate-50 p-4"
      aria-label="Demo day"
      onSubmit={(event) => {
        event.preventDefault();
        if (!date) return;
        schedule.mutate({
          internshipId: roster.batch.id,
          startAt: zonedToInstant(date, start, zone).toISOString(),
          endAt: zonedToInstant(date, end, zone).toISOString(),
        });
      }}
    >
      <p className="font-semibold text-slate-900">
        Demo day: {demo ? formatInstant(demo.startAt, zone, zoneLabel) : "not scheduled"}
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        <TextField label="Demo day date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Starts" type="time" value={start} onChange={(e) => setStart(e.target.value)} />
        <TextField label="Ends" type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      {schedule.error && <AdminError error={schedule.error} />}
      <Button type="submit" disabled={schedule.isPending || !date}>
        Schedule demo day
      </Button>
    </form>
  );
}
