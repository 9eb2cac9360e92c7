import { type FormEvent, useState } from "react";
import { CATALOG_LABELS, WORKSHOP_LEVELS, WORKSHOP_TOPICS } from "../../../../shared/constants.js";
import {
  checkWorkshopForm,
  type WorkshopForm as Form,
  type WorkshopDto,
} from "../../../../shared/schemas/workshops.js";
import { zonedDate, zonedTime } from "../../../../shared/time.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useAddWorkshop } from "../api/add-workshop.js";
import { useEditWorkshop } from "../api/edit-workshop.js";
import { AdminForm, CapacityStatusFields } from "./admin-form.js";

const BLANK: Required<Form> = {
  title: "",
  topicKey: "ws_dsa",
  level: "Beginner",
  date: "",
  start: "11:00",
  end: "13:00",
  capacity: 40,
  status: "published",
  meetingLink: "",
};

const formOf = (w: WorkshopDto | undefined, zone: string): Required<Form> =>
  w
    ? {
        title: w.title,
        topicKey: w.topicKey,
        level: w.level,
        date: zonedDate(new Date(w.startAt), zone),
        start: zonedTime(new Date(w.startAt), zone),
        end: zonedTime(new Date(w.endAt), zone),
        capacity: w.capacity,
        status: w.status,
        meetingLink: w.meetingLink ?? "",
      }
    : BLANK;

/** Add or edit a workshop session with the slot rules that apply, checked before sending. */
export function WorkshopForm({
  editing,
  zone,
  onDone,
}: {
  editing: WorkshopDto | undefined;
  zone: string;
  onDone: () => void;
}) {
  const add = useAddWorkshop();
  const edit = useEditWorkshop();
  const save = editing ? edit : add;
  const [form, setForm] = useState(() => formOf(editing, zone));
  const [problem, setProblem] = useState<string>();
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWorkshopForm(form, new Date(), zone);
    setProblem("message" in checked ? checked.message : undefined);
    if ("message" in checked) return;
    const done = {
      onSuccess: () => {
        setForm(BLANK);
        onDone();
      },
    };
    if (editing) edit.mutate({ id: editing.id, form }, done);
    else add.mutate(form, done);
  };

  const error = problem ?? save.error?.message;
  return (
    <AdminForm
      label={editing ? "Edit workshop" : "Add workshop"}
      heading={editing ? "Edit workshop" : "Add workshop"}
      error={error}
      pending={save.isPending}
      submitLabel={editing ? "Save changes" : "Add workshop"}
      onSubmit={submit}
      onCancel={editing ? onDone : undefined}
    >
      <TextField label="Title" value={form.title} onChange={set("title")} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Topic" value={form.topicKey} onChange={set("topicKey")}>
          {WORKSHOP_TOPICS.map((key) => (
            <option key={key} value={key}>
              {CATALOG_LABELS[key]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Level" value={form.level} onChange={set("level")}>
          {WORKSHOP_LEVELS.map((level) => (
            <option key={level}>{level}</option>
          ))}
        </SelectField>
      </div>
      <TextField label="Date" type="date" value={form.date} onChange={set("date")} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Start" type="time" value={form.start} onChange={set("start")} />
        <TextField label="End" type="time" value={form.end} onChange={set("end")} />
      </div>
      <CapacityStatusFields
        capacity={String(form.capacity)}
        status={form.status}
        onCapacity={set("capacity")}
        onStatus={set("status")}
      />
      <TextField label="Meeting link" type="url" value={form.meetingLink} onChange={set("meetingLink")} />
    </AdminForm>
  );
}
