import { type FormEvent, useState } from "react";
import { CATALOG_LABELS, DEFAULT_INTERNSHIP_TITLE, INTERNSHIP_TRACKS } from "../../../../shared/constants.js";
import { type InternshipDto, type InternshipInput, internshipProblem } from "../../../../shared/schemas/admin.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useDeleteInternship, useInternships, useSaveInternship } from "../api/admin-api.js";

const blank = (): InternshipInput => ({
  title: "",
  mentor: "",
  startDate: "",
  weeks: 6,
  weekPlans: Array.from({ length: 6 }, () => ({ title: "", deliverables: "" })),
  trackKey: "int_frontend",
  capacity: 30,
  meetingLink: "",
});

export function InternshipsSection() {
  const internships = useInternships();
  const remove = useDeleteInternship();
  const [editing, setEditing] = useState<InternshipDto>();
  return (
    <section aria-labelledby="internships-title" className="grid gap-6 lg:grid-cols-[28rem_1fr]">
      <InternshipForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(undefined)} />
      <div className="space-y-3">
        <h2 id="internships-title" className="text-xl font-semibold">
          Internships
        </h2>
        {internships.isPending && <Spinner label="Loading internships…" />}
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
        <ul className="space-y-2">
          {internships.data?.map((i) => (
            <li key={i.id} className="rounded-xl border border-slate-300 p-3">
              <p className="font-semibold">{i.title}</p>
              <p className="text-sm text-slate-700">
                Starts {formatDayLabel(i.startDate)} · {i.weeks} weeks · Mentor {i.mentor} ·{" "}
                {CATALOG_LABELS[i.trackKey as (typeof INTERNSHIP_TRACKS)[number]] ?? i.trackKey} · {i.seatsLeft} of{" "}
                {i.capacity} seats left
              </p>
              <div className="mt-2 flex gap-3 text-sm">
                <button type="button" className="underline" onClick={() => setEditing(i)}>
                  Edit<span className="sr-only"> {i.title}</span>
                </button>
                <button
                  type="button"
                  className="text-red-800 underline"
                  onClick={() => {
                    if (window.confirm("Delete this internship?")) remove.mutate(i.id);
                  }}
                >
                  Delete<span className="sr-only"> {i.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function InternshipForm({ editing, onDone }: { editing: InternshipDto | undefined; onDone: () => void }) {
  const save = useSaveInternship();
  const [form, setForm] = useState<InternshipInput>(
    editing
      ? {
          ...editing,
          trackKey: editing.trackKey as InternshipInput["trackKey"],
          meetingLink: editing.meetingLink ?? "",
        }
      : blank(),
  );
  const [problem, setProblem] = useState<string>();

  const setWeeks = (raw: string) => {
    // Empty means zero weeks; resizing keeps what was already written (spec §5).
    const weeks = raw === "" ? 0 : Math.max(0, Math.floor(Number(raw)));
    setForm((f) => ({
      ...f,
      weeks,
      weekPlans: Array.from({ length: weeks }, (_, i) => f.weekPlans[i] ?? { title: "", deliverables: "" }),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = internshipProblem(form);
    setProblem(message ?? undefined);
    if (!message)
      save.mutate(
        { id: editing?.id, input: form },
        {
          onSuccess: () => {
            setForm(blank());
            onDone();
          },
        },
      );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-slate-300 p-4"
      aria-label={editing ? "Edit internship" : "Add internship"}
    >
      <h3 className="text-lg font-semibold">{editing ? "Edit internship" : "Add internship"}</h3>
      <TextField
        label="Title"
        placeholder={DEFAULT_INTERNSHIP_TITLE}
        value={form.title}
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
      />
      <TextField
        label="Mentor"
        value={form.mentor}
        onChange={(e) => setForm((f) => ({ ...f, mentor: e.target.value }))}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          type="date"
          value={form.startDate}
          onChange={(e) => setForm((f) => ({ ...f, startDate: e.target.value }))}
        />
        <TextField
          label="Weeks"
          type="number"
          min={1}
          value={form.weeks === 0 ? "" : String(form.weeks)}
          onChange={(e) => setWeeks(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Track"
          value={form.trackKey}
          onChange={(e) => setForm((f) => ({ ...f, trackKey: e.target.value as InternshipInput["trackKey"] }))}
        >
          {INTERNSHIP_TRACKS.map((key) => (
            <option key={key} value={key}>
              {CATALOG_LABELS[key]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Seats"
          type="number"
          min={1}
          value={String(form.capacity)}
          onChange={(e) => setForm((f) => ({ ...f, capacity: Number(e.target.value) }))}
        />
      </div>
      <ol className="space-y-2">
        {form.weekPlans.map((week, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional
          <li key={index} className="grid gap-2 rounded-lg bg-slate-50 p-2">
            <TextField
              label={`Week ${index + 1} title`}
              value={week.title}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  weekPlans: f.weekPlans.map((w, i) => (i === index ? { ...w, title: e.target.value } : w)),
                }))
              }
            />
            <TextField
              label={`Week ${index + 1} deliverables`}
              value={week.deliverables}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  weekPlans: f.weekPlans.map((w, i) => (i === index ? { ...w, deliverables: e.target.value } : w)),
                }))
              }
            />
          </li>
        ))}
      </ol>
      {(problem ?? save.error?.message) && <Alert tone="error">{problem ?? save.error?.message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? "Save changes" : "Add internship"}
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
