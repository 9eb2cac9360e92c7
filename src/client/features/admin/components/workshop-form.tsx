import { type FormEvent, useState } from "react";
import { WORKSHOP_LEVELS } from "../../../../shared/constants.js";
import {
  type WorkshopForm as Form,
  type WorkshopDto,
  workshopFieldProblems,
} from "../../../../shared/schemas/workshops.js";
import { zonedDate, zonedTime } from "../../../../shared/time.js";
import { ApiError } from "../../../lib/api.js";
import { useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useAddWorkshop } from "../api/add-workshop.js";
import { useEditWorkshop } from "../api/edit-workshop.js";
import { useInterviewers } from "../api/get-interviewers.js";
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
  hostInterviewerId: "",
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
        hostInterviewerId: w.hostInterviewerId ?? "",
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
  const topics = useCatalogTopics("ws_");
  const add = useAddWorkshop();
  const edit = useEditWorkshop();
  const save = editing ? edit : add;
  const [form, setForm] = useState(() => formOf(editing, zone));
  // Every rule the form breaks, beside its field; a rule only the server knows (the host is busy
  // then) comes back with its field too.
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const interviewers = useInterviewers();
  // Active interviewers can host; an edited session keeps the host it has.
  const hosts = (interviewers.data ?? []).filter((i) => i.active || i.id === editing?.hostInterviewerId);
  const set = (key: keyof Form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = workshopFieldProblems(form, new Date(), zone);
    setFieldProblems(problems);
    if (Object.keys(problems).length > 0) return;
    const done = {
      onSuccess: () => {
        setForm(BLANK);
        onDone();
      },
      onError: (err: Error) =>
        setFieldProblems(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
    };
    if (editing) edit.mutate({ id: editing.id, form }, done);
    else add.mutate(form, done);
  };

  const fieldError = save.error instanceof ApiError && save.error.field;
  const error = fieldError ? undefined : save.error?.message;
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
      <TextField label="Title" value={form.title} error={fieldProblems.title} onChange={set("title")} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Topic" value={form.topicKey} onChange={set("topicKey")}>
          {(topics.data ?? []).map((topic) => (
            <option key={topic.key} value={topic.key}>
              {topic.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Level" value={form.level} onChange={set("level")}>
          {WORKSHOP_LEVELS.map((level) => (
            <option key={level}>{level}</option>
          ))}
        </SelectField>
      </div>
      <TextField label="Date" type="date" value={form.date} error={fieldProblems.date} onChange={set("date")} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Start" type="time" value={form.start} error={fieldProblems.start} onChange={set("start")} />
        <TextField label="End" type="time" value={form.end} error={fieldProblems.end} onChange={set("end")} />
      </div>
      <CapacityStatusFields
        capacity={String(form.capacity)}
        capacityError={fieldProblems.capacity}
        status={form.status}
        onCapacity={set("capacity")}
        onStatus={set("status")}
      />
      <SelectField
        label="Host"
        value={form.hostInterviewerId}
        error={fieldProblems.hostInterviewerId}
        hint="An interviewer who runs it: shown to students, and kept free of their slots."
        onChange={set("hostInterviewerId")}
      >
        <option value="">No host</option>
        {hosts.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Meeting link"
        type="url"
        value={form.meetingLink}
        error={fieldProblems.meetingLink}
        onChange={set("meetingLink")}
      />
    </AdminForm>
  );
}
