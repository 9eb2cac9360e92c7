import { useState } from "react";
import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import {
  addDays,
  formatClock,
  formatDayLabel,
  weekDates,
  weekStartMonday,
  zonedDate,
} from "../../../../shared/time.js";
import { Panel } from "./panel.js";

const arrow = "grid size-11 place-items-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-50";

/** Monday-to-Sunday week (docs/product.md, Dashboard) of the student's sessions, in the platform zone. */
export function WeekCalendar({ sessions, zone }: { sessions: DashboardSession[]; zone: string }) {
  const today = zonedDate(new Date(), zone);
  const [monday, setMonday] = useState(() => weekStartMonday(today));
  const days = weekDates(monday);
  const dated = sessions.filter((s) => s.kind !== "internship" && s.status !== "cancelled");
  const range = `${formatDayLabel(days[0] ?? monday)} – ${formatDayLabel(days[6] ?? monday)}`;
  return (
    <Panel
      title="This week"
      action={
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={arrow}
            onClick={() => setMonday(addDays(monday, -7))}
            aria-label="Previous week"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <p className="min-w-44 text-center text-sm font-medium text-slate-800" aria-live="polite">
            {range}
          </p>
          <button type="button" className={arrow} onClick={() => setMonday(addDays(monday, 7))} aria-label="Next week">
            <span aria-hidden="true">›</span>
          </button>
        </div>
      }
    >
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-7">
        {days.map((day) => {
          const items = dated.filter((s) => zonedDate(new Date(s.startAt), zone) === day);
          const isToday = day === today;
          return (
            <li
              key={day}
              aria-current={isToday ? "date" : undefined}
              className={`min-h-24 rounded-xl border p-2 ${isToday ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
            >
              <p className="text-xs font-semibold text-slate-800">{formatDayLabel(day)}</p>
              <ul className="mt-1 space-y-1">
                {items.map((s) => (
                  <li
                    key={s.bookingId}
                    className="rounded-md bg-white px-1.5 py-1 text-xs text-slate-900 ring-1 ring-slate-200"
                  >
                    <span className="font-semibold">{formatClock(s.startAt, zone)}</span> {s.title}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
