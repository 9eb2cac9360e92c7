import { useState } from "react";
import type { DashboardSession, RescheduleOption } from "../../../../shared/schemas/dashboard.js";
import { formatClock, formatDayLabel, formatInstant, zonedDate } from "../../../../shared/time.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { useRescheduleOptions } from "../api/get-reschedule-options.js";
import { useRescheduleBooking } from "../api/reschedule-booking.js";

interface Props {
  session: DashboardSession;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  zone: string;
  zoneLabel: string;
}

/** Another published slot of the same package; the seat moves in one step, no second payment. */
export function RescheduleDialog({ session, open, onClose, onDone, zone, zoneLabel }: Props) {
  const options = useRescheduleOptions(session.bookingId, open);
  const reschedule = useRescheduleBooking();
  const [slotId, setSlotId] = useState("");

  const byDay = new Map<string, RescheduleOption[]>();
  for (const option of options.data?.slots ?? []) {
    const day = zonedDate(new Date(option.startAt), zone);
    byDay.set(day, [...(byDay.get(day) ?? []), option]);
  }

  const submit = () => {
    if (!slotId) return;
    // mutateAsync: the confirmation must arrive even if the refetch re-renders this card away.
    reschedule
      .mutateAsync({ bookingId: session.bookingId, slotId })
      .then(({ session: moved }) => {
        setSlotId("");
        onDone(`Rescheduled to ${formatInstant(moved.startAt, zone, zoneLabel)}. We e-mailed you the updated invite.`);
      })
      .catch(() => undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} title="Reschedule interview" className="w-[min(100%-2rem,40rem)]">
      <p className="mt-2 text-sm text-slate-700">
        Now: {formatInstant(session.startAt, zone, zoneLabel)}. Pick another slot of the same package; you will not pay
        again.
      </p>
      <div className="mt-4 max-h-[50vh] space-y-4 overflow-y-auto">
        {options.isPending && <Spinner label="Loading open slots…" />}
        {options.isError && <Alert tone="error">{options.error.message}</Alert>}
        {options.data?.slots.length === 0 && (
          <p className="text-sm text-slate-700">
            No other slots are open for this package right now. Check back later.
          </p>
        )}
        {[...byDay.entries()].map(([day, slots]) => (
          <fieldset key={day}>
            <legend className="mb-2 text-sm font-semibold text-slate-900">{formatDayLabel(day)}</legend>
            <div className="flex flex-wrap gap-2">
              {slots.map((slot) => (
                <label
                  key={slot.slotId}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="reschedule-slot"
                    value={slot.slotId}
                    checked={slotId === slot.slotId}
                    onChange={() => setSlotId(slot.slotId)}
                  />
                  <span>
                    {formatClock(slot.startAt, zone)} · {slot.interviewerName}
                    <span className="block text-xs text-slate-600">
                      {slot.seatsLeft} seat{slot.seatsLeft === 1 ? "" : "s"} left
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {reschedule.isError && (
        <div className="mt-4">
          <Alert tone="error">{reschedule.error.message}</Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Keep current time
        </Button>
        <Button onClick={submit} disabled={!slotId || reschedule.isPending}>
          {reschedule.isPending ? "Moving…" : "Confirm new time"}
        </Button>
      </div>
    </Dialog>
  );
}
