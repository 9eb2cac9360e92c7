import { type FormEvent, useState } from "react";
import { DEFAULT_INTERNSHIP_TITLE } from "../../../../shared/constants.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import {
  type InternshipDto,
  internshipInputSchema,
  parseWeeks,
  type WeekPlan,
} from "../../../../shared/schemas/internships.js";
import { ApiError } from "../../../lib/api.js";
import { useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useAddInternship } from "../api/add-internship.js";
import { useEditInternship } from "../api/edit-internship.js";
import { AdminForm, CapacityField } from "./admin-form.js";
import {
  type InternshipTextField,
  type InternshipTrack,
  internshipDraftOf,
  internshipFormOf,
  withInternshipField,
} from "./internship-draft.js";

function useInternshipForm(editing: InternshipDto | undefined, onDone: () => void) {
  const add = useAddInternship();
  const edit = useEditInternship();
  const save = editing ? edit : add;
  const [draft, setDraft] = useState(() => internshipDraftOf(editing));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: InternshipTextField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setDraft((d) => withInternshipField(d, key, value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = internshipFormOf(draft);
    const parsed = internshipInputSchema.safeParse(form);
    // Every failing rule at once, each beside its field.
    setProblems(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;
    const done = {
      onSuccess: () => {
        setDraft(internshipDraftOf(undefined));
        onDone();
      },
      onError: (err: Error) => setProblems(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
    };
    if (editing) edit.mutate({ id: editing.id, form }, done);
    else add.mutate(form, done);
  };
  return { save, draft, setDraft, problems, set, submit };
}

/** Add or edit an internship: title (default), mentor, start, weeks with one plan per week, track. */
export function InternshipForm({ editing, onDone }: { editing: InternshipDto | undefined; onDone: () => void }) {
  const tracks = useCatalogTopics("int_");
  const { save, draft, setDraft, problems, set, submit } = useInternshipForm(editing, onDone);
  const weeks = parseWeeks(draft.weeks);
  const setPlan = (index: number, change: Partial<WeekPlan>) =>
    setDraft((d) => ({ ...d, plans: d.plans.map((p, i) => (i === index ? { ...p, ...change } : p)) }));
  const error = save.error instanceof ApiError && save.error.field ? undefined : save.error?.message;
  return (
    <AdminForm
      label={editing ? "Edit internship" : "Add internship"}
      heading={editing ? "Edit internship" : "Add internship"}
      error={error}
      pending={save.isPending}
      submitLabel={editing ? "Save changes" : "Add internship"}
      onSubmit={submit}
      onCancel={editing ? onDone : undefined}
    >
      <TextField
        label="Title"
        placeholder={DEFAULT_INTERNSHIP_TITLE}
        value={draft.title}
        error={problems.title}
        onChange={set("title")}
      />
      <TextField label="Mentor" value={draft.mentor} error={problems.mentor} onChange={set("mentor")} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          type="date"
          value={draft.startDate}
          error={problems.startDate}
          onChange={set("startDate")}
        />
        <TextField
          label="Weeks"
          type="number"
          min={1}
          step={1}
          value={draft.weeks}
          error={problems.weeks ?? problems.weekPlans}
          onChange={set("weeks")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Sold as"
          value={draft.trackKey}
          onChange={(event) => setDraft((d) => ({ ...d, trackKey: event.target.value as InternshipTrack }))}
        >
          {(tracks.data ?? []).map((track) => (
            <option key={track.key} value={track.key}>
              {track.label}
            </option>
          ))}
        </SelectField>
        <CapacityField label="Seats" value={draft.capacity} error={problems.capacity} onChange={set("capacity")} />
      </div>
      <TextField
        label="Meeting link"
        type="url"
        value={draft.meetingLink}
        error={problems.meetingLink}
        onChange={set("meetingLink")}
      />
      {weeks > 0 && <WeekPlanFields plans={draft.plans.slice(0, weeks)} setPlan={setPlan} />}
    </AdminForm>
  );
}

/** One title and deliverables per week, in order. */
function WeekPlanFields({
  plans,
  setPlan,
}: {
  plans: WeekPlan[];
  setPlan: (index: number, change: Partial<WeekPlan>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Weekly plan</legend>
      <ol className="space-y-2">
        {plans.map((plan, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional
          <li key={index} className="grid gap-2 rounded-lg bg-slate-50 p-2">
            <TextField
              label={`Week ${index + 1} title`}
              value={plan.title}
              onChange={(event) => setPlan(index, { title: event.target.value })}
            />
            <TextField
              label={`Week ${index + 1} deliverables`}
              value={plan.deliverables}
              onChange={(event) => setPlan(index, { deliverables: event.target.value })}
            />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
