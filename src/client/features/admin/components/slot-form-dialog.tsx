import { type FormEvent, useState } from "react";
import { DEFAULT_SLOT_END, DEFAULT_SLOT_START } from "../../../../shared/constants.js";
import { checkSlotForm, type SlotDto, type SlotForm } from "../../../../shared/schemas/slots.js";
import { formatDayLabel, zonedTime } from "../../../../shared/time.js";
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
  const [problem, setProblem] = useState<string>();
  // Active interviewers take new slots; an edited slot keeps the one it has.
  const choices = (interviewers.data ?? []).filter((i) => i.active || i.id === editing.slot?.interviewerId);
  const set = (key: keyof SlotForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = choices.find((i) => i.id === form.interviewerId);
    const checked = checkSlotForm(form, chosen?.companyTypes, new Date(), zone);
    setProblem("message" in checked ? checked.message : undefined);
    if ("message" in checked) return;
    const done = { onSuccess: onClose };
    if (editing.slot) edit.mutate({ id: editing.slot.id, form }, done);
    else add.mutate(form, done);
  };

  const error = problem ?? save.error?.message;
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
        <TextField label="Date" type="date" value={form.date} onChange={set("date")} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Start" type="time" value={form.start} onChange={set("start")} />
          <TextField label="End" type="time" value={form.end} onChange={set("end")} />
        </div>
        <TextAreaField label="Details" rows={2} value={form.details} onChange={set("details")} />
        <CapacityStatusFields
          capacity={String(form.capacity)}
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
          onChange={set("meetingLink")}
        />
      </AdminForm>
    </Dialog>
  );
}
