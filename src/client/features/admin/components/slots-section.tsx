import { useState } from "react";
import { addDays, formatDayLabel, weekDates, weekStartMonday, zonedDate } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useWeekSlots } from "../api/get-week-slots.js";
import { useConsoleStream } from "../api/slot-stream.js";
import { SectionLayout } from "./section-layout.js";
import { SlotCard } from "./slot-card.js";
import { type SlotEditing, SlotFormDialog } from "./slot-form-dialog.js";

/** The week from Monday in the platform zone (docs/product.md, Admin console), seven day columns, add a slot on any day. */
export function SlotsSection() {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const today = zonedDate(new Date(), zone);
  const [monday, setMonday] = useState(() => weekStartMonday(today));
  const week = useWeekSlots(monday);
  const [editing, setEditing] = useState<SlotEditing>();
  useConsoleStream("slots");
  const days = weekDates(monday);
  const range = `${formatDayLabel(monday)} – ${formatDayLabel(addDays(monday, 6))} ${monday.slice(0, 4)}`;

  return (
    <SectionLayout
      id="slots"
      title="Slots"
      tools={
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" aria-label="Previous week" onClick={() => setMonday(addDays(monday, -7))}>
            <span aria-hidden="true">←</span>
          </Button>
          <p aria-live="polite" data-testid="week-range" className="min-w-56 text-center font-medium">
            {range} <span className="text-sm text-slate-700">({zoneLabel})</span>
          </p>
          <Button variant="secondary" aria-label="Next week" onClick={() => setMonday(addDays(monday, 7))}>
            <span aria-hidden="true">→</span>
          </Button>
          {monday !== weekStartMonday(today) && (
            <Button variant="ghost" onClick={() => setMonday(weekStartMonday(today))}>
              This week
            </Button>
          )}
        </div>
      }
    >
      {week.isPending && <Spinner label="Loading slots…" />}
      {week.isError && <Alert tone="error">{week.error.message}</Alert>}
      <div className="grid gap-3 md:grid-cols-7">
        {days.map((day) => {
          const slots = (week.data?.slots ?? []).filter((s) => zonedDate(new Date(s.startAt), zone) === day);
          const label = formatDayLabel(day);
          return (
            <section
              key={day}
              aria-label={day === today ? `${label}, today` : label}
              className={`flex min-h-40 flex-col gap-2 rounded-xl border p-2 ${day === today ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white"}`}
            >
              <h3 className="text-sm font-semibold text-slate-900">
                {label}
                {day === today && <span className="ml-1 text-xs font-normal text-brand-900">(today)</span>}
              </h3>
              {slots.length > 0 && (
                <ul className="flex flex-col gap-2">
                  {slots.map((slot) => (
                    <SlotCard
                      key={slot.id}
                      slot={slot}
                      zone={zone}
                      dayLabel={label}
                      onEdit={() => setEditing({ slot, date: day })}
                    />
                  ))}
                </ul>
              )}
              <Button variant="ghost" className="mt-auto text-xs" onClick={() => setEditing({ date: day })}>
                + Add slot<span className="sr-only"> on {label}</span>
              </Button>
            </section>
          );
        })}
      </div>
      {editing && <SlotFormDialog editing={editing} zone={zone} onClose={() => setEditing(undefined)} />}
    </SectionLayout>
  );
}
