import { type FormEvent, useState } from "react";
import { DEFAULT_INTERNSHIP_TITLE, INTERNSHIP_WEEKS, type InternshipTrack } from "../../../../shared/constants.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import {
  type InternshipForm as Form,
  type InternshipDto,
  internshipInputSchema,
  parseWeeks,
  resizeWeekPlans,
  type WeekPlan,
} from "../../../../shared/schemas/internships.js";
import { ApiError } from "../../../lib/api.js";
import { useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useAddInternship } from "../api/add-internship.js";
import { useEditInternship } from "../api/edit-internship.js";
import { AdminForm, CapacityField } from "./admin-form.js";

type Track = InternshipTrack;
interface Draft {
  title: string;
  mentor: string;
  startDate: string;
  /** As typed: empty means zero weeks (docs/product.md, Internships). */
  weeks: string;
  /** Every plan written so far; shrinking the weeks hides entries, growing shows them again. */
  plans: WeekPlan[];
  trackKey: Track;
  capacity: string;
  meetingLink: string;
}

const draftOf = (editing: InternshipDto | undefined): Draft => ({
  title: editing?.title ?? "",
  mentor: editing?.mentor ?? "",
  startDate: editing?.startDate ?? "",
  weeks: String(editing?.weeks ?? INTERNSHIP_WEEKS),
  plans: resizeWeekPlans(editing?.weekPlans ?? [], editing?.weeks ?? INTERNSHIP_WEEKS),
  trackKey: editing?.trackKey ?? "int_frontend",
  capacity: String(editing?.capacity ?? 30),
  meetingLink: editing?.meetingLink ?? "",
});

const formOf = (draft: Draft): Form => {
  const weeks = parseWeeks(draft.weeks);
  return {
    title: draft.title,
    mentor: draft.mentor,
    startDate: draft.startDate,
    weeks,
    weekPlans: resizeWeekPlans(draft.plans, weeks),
    trackKey: draft.trackKey,
    capacity: draft.capacity,
    meetingLink: draft.meetingLink,
  };
};

/** Add or edit an internship: title (default), mentor, start, weeks with one plan per week, track. */
export function InternshipForm({ editing, onDone }: { editing: InternshipDto | undefined; onDone: () => void }) {
  const tracks = useCatalogTopics("int_");
  const add = useAddInternship();
  const edit = useEditInternship();
  const save = editing ? edit : add;
  const [draft, setDraft] = useState(() => draftOf(editing));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const weeks = parseWeeks(draft.weeks);
  const set =
    (key: "title" | "mentor" | "startDate" | "weeks" | "capacity" | "meetingLink") =>
    (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((d) => ({
        ...d,
        [key]: value,
        ...(key === "weeks" ? { plans: resizeWeekPlans(d.plans, Math.max(d.plans.length, parseWeeks(value))) } : {}),
      }));
    };
  const setPlan = (index: number, change: Partial<WeekPlan>) =>
    setDraft((d) => ({ ...d, plans: d.plans.map((p, i) => (i === index ? { ...p, ...change } : p)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = formOf(draft);
    const parsed = internshipInputSchema.safeParse(form);
    // Every failing rule at once, each beside its field.
    setProblems(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;
    const done = {
      onSuccess: () => {
        setDraft(draftOf(undefined));
        onDone();
      },
      onError: (err: Error) => setProblems(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
    };
    if (editing) edit.mutate({ id: editing.id, form }, done);
    else add.mutate(form, done);
  };

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
          onChange={(event) => setDraft((d) => ({ ...d, trackKey: event.target.value as Track }))}
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
      {weeks > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Weekly plan</legend>
          <ol className="space-y-2">
            {draft.plans.slice(0, weeks).map((plan, index) => (
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
      )}
    </AdminForm>
  );
}
