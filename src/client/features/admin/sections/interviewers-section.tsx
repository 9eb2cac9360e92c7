import { type FormEvent, useState } from "react";
import { COMPANY_TYPES } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { type InterviewerDto, type InterviewerInput, interviewerProblem } from "../../../../shared/schemas/admin.js";
import { ApiError } from "../../../lib/api.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextField } from "../../../ui/field.js";
import { useDeleteInterviewer, useInterviewers, useSaveInterviewer, useToggleInterviewer } from "../api/admin-api.js";

const EMPTY: InterviewerInput = {
  name: "",
  email: "",
  phone: "",
  qualification: "",
  reviewedBy: "",
  companyTypes: [],
  active: true,
};

export function InterviewersSection() {
  const interviewers = useInterviewers();
  const toggle = useToggleInterviewer();
  const remove = useDeleteInterviewer();
  const [editing, setEditing] = useState<InterviewerDto>();
  return (
    <section aria-labelledby="interviewers-title" className="grid gap-6 lg:grid-cols-[24rem_1fr]">
      <InterviewerForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(undefined)} />
      <div className="space-y-3">
        <h2 id="interviewers-title" className="text-xl font-semibold">
          Interviewers
        </h2>
        {interviewers.isPending && <Spinner label="Loading interviewers…" />}
        {(toggle.error ?? remove.error) && <Alert tone="error">{(toggle.error ?? remove.error)?.message}</Alert>}
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-300">
          {interviewers.data?.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-semibold">{i.name}</p>
                <p className="text-sm text-slate-700">
                  {i.email} · {i.phone} · {i.qualification} · {i.companyTypes.join(", ")}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  onClick={() => toggle.mutate(i.id)}
                  aria-label={`${i.name} is ${i.active ? "Active" : "Inactive"}; switch to ${i.active ? "Inactive" : "Active"}`}
                  className={`rounded-full px-3 py-1 text-xs font-semibold ${i.active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
                >
                  {i.active ? "Active" : "Inactive"}
                </button>
                <details className="relative">
                  <summary className="cursor-pointer rounded-lg px-2 py-1 text-sm hover:bg-slate-100">
                    Actions<span className="sr-only"> for {i.name}</span>
                  </summary>
                  <div className="absolute right-0 z-10 mt-1 flex w-32 flex-col rounded-lg border border-slate-300 bg-white p-1 shadow-lg">
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-left text-sm hover:bg-slate-100"
                      onClick={() => setEditing(i)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-left text-sm text-red-800 hover:bg-red-50"
                      onClick={() => {
                        if (window.confirm(MESSAGES.deleteInterviewerConfirm)) remove.mutate(i.id);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </details>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function InterviewerForm({ editing, onDone }: { editing: InterviewerDto | undefined; onDone: () => void }) {
  const save = useSaveInterviewer();
  const [form, setForm] = useState<InterviewerInput>(editing ? { ...editing } : EMPTY);
  const [problem, setProblem] = useState<string>();
  const set =
    (key: "name" | "email" | "phone" | "qualification" | "reviewedBy") => (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value }));

  const send = (input: InterviewerInput) =>
    save.mutate(
      { id: editing?.id, input },
      {
        onSuccess: () => {
          setForm(EMPTY);
          onDone();
        },
        onError: (err) => {
          const existing =
            err instanceof ApiError && err.code === "DUPLICATE_PHONE"
              ? (err.details as InterviewerDto | undefined)
              : undefined;
          if (existing && !editing) {
            const overwrite = window.confirm(
              `An interviewer with this phone already exists:\n${existing.name}\n${existing.email}\n${existing.phone}\n\nOverwrite their details with these?`,
            );
            if (overwrite) send({ ...input, overwrite: true });
          }
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = interviewerProblem(form);
    setProblem(message ?? undefined);
    if (!message) send(form);
  };

  const error =
    problem ??
    (save.error instanceof ApiError && save.error.code === "DUPLICATE_PHONE" && !editing
      ? undefined
      : save.error?.message);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-slate-300 p-4"
      aria-label={editing ? "Edit interviewer" : "Add interviewer"}
    >
      <h3 className="text-lg font-semibold">{editing ? `Edit ${editing.name}` : "Add interviewer"}</h3>
      <TextField label="Name" value={form.name} onChange={set("name")} />
      <TextField label="Email" type="email" value={form.email} onChange={set("email")} />
      <TextField label="Phone" type="tel" value={form.phone} onChange={set("phone")} />
      <TextField label="Qualification" value={form.qualification} onChange={set("qualification")} />
      <TextField label="Reviewed By" value={form.reviewedBy} onChange={set("reviewedBy")} />
      <fieldset>
        <legend className="text-sm font-medium">Company types</legend>
        <div className="mt-1 flex gap-4">
          {COMPANY_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.companyTypes.includes(type)}
                onChange={(e) =>
                  setForm((f) => ({
                    ...f,
                    companyTypes: e.target.checked
                      ? [...f.companyTypes, type]
                      : f.companyTypes.filter((t) => t !== type),
                  }))
                }
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? "Save changes" : "Add interviewer"}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
