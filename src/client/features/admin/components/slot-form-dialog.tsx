import { type FormEvent, useState } from "react";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START } from "../../../../shared/constants.js";
import { type SlotDto, type SlotField, type SlotForm, slotFieldProblems } from "../../../../shared/schemas/slots.js";
import { formatDayLabel, zonedTime } from "../../../../shared/time.js";
import { ApiError } from "../../../lib/api.js";
import { Dialog } from "../../../ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../../ui/field.js";
import { useAddSlot } from "../api/add-slot.js";
import { useEditSlot } from "../api/edit-slot.js";
import { useInterviewers } from "../api/get-interviewers.js";
import { AdminForm, CapacityStatusFields } from "./admin-form.js";

export type SlotEditing = { slot?: SlotDto; date: string };

const initialForm = ({ slot, date }: SlotEditing, zone: string): Required<SlotForm> => ({
  interviewerId: slot?.interviewerId ?? "",
  date,
  start: slot ? zonedTime(new Date(slot.startAt), zone) : DEFAULT_SLOT_START,
  end: slot ? zonedTime(new Date(slot.endAt), zone) : DEFAULT_SLOT_END,
  details: slot?.details ?? "",
  capacity: slot?.capacity ?? 1,
  status: slot?.status ?? "published",
  meetingLink: slot?.meetingLink ?? "",
});

/** Add or edit a slot. The slot rules (docs/product.md, Slots) run here first, then on the server, with the same messages. */
export function SlotFormDialog({
  editing,
  zone,
  onClose,
}: {
  editing: SlotEditing;
  zone: string;
  onClose: () => void;
}) {
  const interviewers = useInterviewers();
  const add = useAddSlot();
  const edit = useEditSlot();
  const save = editing.slot ? edit : add;
  const [form, setForm] = useState(() => initialForm(editing, zone));
  const [problems, setProblems] = useState<Partial<Record<SlotField, string>>>({});
  // Active interviewers take new slots; an edited slot keeps the one it has.
  const choices = (interviewers.data ?? []).filter((i) => i.active || i.id === editing.slot?.interviewerId);
  const set = (key: keyof SlotForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = choices.find((i) => i.id === form.interviewerId);
    const found = slotFieldProblems(form, chosen?.companyTypes, new Date(), zone);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    // A rule only the server knows (an overlapping slot) comes back with its field.
    const done = {
      onSuccess: onClose,
      onError: (err: Error) => setProblems(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
    };
    if (editing.slot) edit.mutate({ id: editing.slot.id, form }, done);
    else add.mutate(form, done);
  };

  const fieldError = save.error instanceof ApiError && save.error.field;
  const error = fieldError ? undefined : save.error?.message;
  return (
    <Dialog
      open
      onClose={onClose}
      title={
        editing.slot ? `Edit slot on ${formatDayLabel(editing.date)}` : `Add slot on ${formatDayLabel(editing.date)}`
      }
    >
      <AdminForm
        label={editing.slot ? "Edit slot" : "Add slot"}
        error={error}
        pending={save.isPending}
        submitLabel="Save slot"
        onSubmit={submit}
        onCancel={onClose}
        inDialog
      >
        <SelectField
          label="Interviewer"
          value={form.interviewerId}
          error={problems.interviewerId}
          onChange={set("interviewerId")}
          hint={
            interviewers.isSuccess && choices.length === 0
              ? "No active interviewers yet: add one under Interviewers first."
              : undefined
          }
        >
          <option value="">Choose an interviewer…</option>
          {choices.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name} ({i.companyTypes.join(", ") || "no company type"})
            </option>
          ))}
        </SelectField>
        {editing.slot && editing.slot.booked > 0 && (
          <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
            {editing.slot.booked} {editing.slot.booked === 1 ? "student has" : "students have"} paid for this slot. If
            you change its time, they get an e-mail with the updated invite and may cancel for a full refund.
          </p>
        )}
        <TextField label="Date" type="date" value={form.date} error={problems.date} onChange={set("date")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start" type="time" value={form.start} error={problems.start} onChange={set("start")} />
          <TextField label="End" type="time" value={form.end} error={problems.end} onChange={set("end")} />
        </div>
        <TextAreaField label="Details" rows={2} value={form.details} onChange={set("details")} />
        <CapacityStatusFields
          capacity={String(form.capacity)}
          capacityError={problems.capacity}
          status={form.status}
          onCapacity={set("capacity")}
          onStatus={set("status")}
        />
        <TextField
          label="Meeting link"
          type="url"
          placeholder="https://meet.example.com/…"
          hint="Shown to booked students on their dashboard."
          value={form.meetingLink}
          error={problems.meetingLink}
          onChange={set("meetingLink")}
        />
      </AdminForm>
    </Dialog>
  );
}
