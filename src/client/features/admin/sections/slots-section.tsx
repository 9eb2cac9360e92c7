import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { type SlotDto, type SlotInput, slotProblem } from "../../../../shared/schemas/admin.js";
import {
  addDays,
  formatClock,
  formatDayLabel,
  weekDates,
  weekStartMonday,
  zonedDate,
  zonedTime,
} from "../../../../shared/time.js";
import { useLiveStream } from "../../../lib/live.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../../ui/field.js";
import { CancelWithRefundDialog } from "../../admin-bookings/components/cancel-booking-dialog.js";
import { useClientConfig } from "../../session/api/get-config.js";
import { useDeleteSlot, useInterviewers, useSaveSlot, useWeekSlots } from "../api/admin-api.js";

type Editing = { slot?: SlotDto; date: string };

export function SlotsSection() {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const [monday, setMonday] = useState(() => weekStartMonday(zonedDate(new Date(), zone)));
  const week = useWeekSlots(monday);
  const remove = useDeleteSlot();
  const [editing, setEditing] = useState<Editing>();
  const [cancelling, setCancelling] = useState<SlotDto>();
  const queryClient = useQueryClient();
  useLiveStream(
    "/api/admin/slots/stream",
    () => void queryClient.invalidateQueries({ queryKey: ["admin", "slots"] }),
    () => void queryClient.invalidateQueries({ queryKey: ["admin", "slots"] }),
  );
  const days = weekDates(monday);
  const range = `${formatDayLabel(days[0] ?? monday)} – ${formatDayLabel(days[6] ?? monday)}`;

  return (
    <section aria-labelledby="slots-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="slots-title" className="text-xl font-semibold">
          Slots
        </h2>
        <div className="flex items-center gap-2">
          <Button variant="secondary" aria-label="Previous week" onClick={() => setMonday(addDays(monday, -7))}>
            ←
          </Button>
          <p aria-live="polite" className="min-w-48 text-center font-medium">
            {range}
          </p>
          <Button variant="secondary" aria-label="Next week" onClick={() => setMonday(addDays(monday, 7))}>
            →
          </Button>
        </div>
      </div>
      {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
      {week.isPending && <Spinner label="Loading slots…" />}
      {week.isError && <Alert tone="error">{week.error.message}</Alert>}
      <div className="grid gap-3 md:grid-cols-7">
        {days.map((day) => {
          const slots = (week.data?.slots ?? []).filter((s) => zonedDate(new Date(s.startAt), zone) === day);
          return (
            <section
              key={day}
              aria-label={formatDayLabel(day)}
              className="flex flex-col gap-2 rounded-xl border border-slate-300 p-2"
            >
              <h3 className="text-sm font-semibold">{formatDayLabel(day)}</h3>
              <ul className="flex flex-col gap-2">
                {slots.map((slot) => (
                  <li
                    key={slot.id}
                    className={`rounded-lg border p-2 text-xs ${slot.status === "draft" ? "border-dashed border-slate-400" : "border-slate-300"} ${slot.cancelledAt ? "opacity-60" : ""}`}
                  >
                    <p className="font-semibold">
                      {formatClock(slot.startAt, zone)}–{formatClock(slot.endAt, zone)}
                    </p>
                    <p>{slot.interviewerName}</p>
                    <p>
                      {slot.cancelledAt ? "Cancelled" : `${slot.seatsLeft} of ${slot.capacity} seats left`}
                      {slot.status === "draft" ? " · Draft" : ""}
                    </p>
                    {!slot.cancelledAt && (
                      <div className="mt-1 flex flex-wrap gap-1">
                        <button type="button" className="underline" onClick={() => setEditing({ slot, date: day })}>
                          Edit
                          <span className="sr-only">
                            {" "}
                            slot at {formatClock(slot.startAt, zone)} on {formatDayLabel(day)}
                          </span>
                        </button>
                        {slot.booked > 0 ? (
                          <button type="button" className="text-red-800 underline" onClick={() => setCancelling(slot)}>
                            Cancel<span className="sr-only"> slot at {formatClock(slot.startAt, zone)}</span>
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="text-red-800 underline"
                            onClick={() => {
                              if (window.confirm(MESSAGES.deleteSlotConfirm)) remove.mutate(slot.id);
                            }}
                          >
                            Delete
                            <span className="sr-only">
                              {" "}
                              slot at {formatClock(slot.startAt, zone)} on {formatDayLabel(day)}
                            </span>
                          </button>
                        )}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <Button variant="ghost" className="mt-auto text-xs" onClick={() => setEditing({ date: day })}>
                + Add slot<span className="sr-only"> on {formatDayLabel(day)}</span>
              </Button>
            </section>
          );
        })}
      </div>
      {editing && <SlotDialog editing={editing} zone={zone} onClose={() => setEditing(undefined)} />}
      {cancelling && (
        <CancelWithRefundDialog
          target={{ type: "slots", id: cancelling.id }}
          title={`Cancel the ${formatClock(cancelling.startAt, zone)} slot with ${cancelling.interviewerName}`}
          onClose={() => setCancelling(undefined)}
        />
      )}
    </section>
  );
}

function SlotDialog({ editing, zone, onClose }: { editing: Editing; zone: string; onClose: () => void }) {
  const interviewers = useInterviewers();
  const save = useSaveSlot();
  const { slot } = editing;
  const [form, setForm] = useState<SlotInput>({
    interviewerId: slot?.interviewerId ?? "",
    date: editing.date,
    start: slot ? zonedTime(new Date(slot.startAt), zone) : DEFAULT_SLOT_START,
    end: slot ? zonedTime(new Date(slot.endAt), zone) : DEFAULT_SLOT_END,
    details: slot?.details ?? "",
    capacity: slot?.capacity ?? 1,
    status: slot?.status ?? "published",
    meetingLink: slot?.meetingLink ?? "",
  });
  const [problem, setProblem] = useState<string>();
  const active = (interviewers.data ?? []).filter((i) => i.active || i.id === form.interviewerId);
  const set = (key: keyof SlotInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = interviewers.data?.find((i) => i.id === form.interviewerId);
    const check = slotProblem(form, chosen?.companyTypes, new Date(), zone);
    if ("message" in check) {
      setProblem(check.message);
      return;
    }
    setProblem(undefined);
    save.mutate(
      { id: slot?.id, input: { ...form, capacity: Math.max(1, Math.floor(Number(form.capacity) || 1)) } },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} title={slot ? "Edit slot" : "Add slot"}>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <SelectField label="Interviewer" value={form.interviewerId} onChange={set("interviewerId")}>
          <option value="">Choose an interviewer…</option>
          {active.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name} ({i.companyTypes.join(", ") || "no company type"})
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" value={form.date} onChange={set("date")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start" type="time" value={form.start} onChange={set("start")} />
          <TextField label="End" type="time" value={form.end} onChange={set("end")} />
        </div>
        <TextAreaField label="Details" rows={2} value={form.details} onChange={set("details")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Capacity"
            type="number"
            min={1}
            step={1}
            value={String(form.capacity)}
            onChange={set("capacity")}
          />
          <SelectField label="Status" value={form.status} onChange={set("status")}>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </SelectField>
        </div>
        <TextField
          label="Meeting link"
          type="url"
          placeholder="https://meet.example.com/…"
          value={form.meetingLink}
          onChange={set("meetingLink")}
        />
        {(problem ?? save.error?.message) && <Alert tone="error">{problem ?? save.error?.message}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save slot"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
