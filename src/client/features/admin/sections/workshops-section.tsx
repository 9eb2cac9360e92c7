import { type FormEvent, useState } from "react";
import { CATALOG_LABELS, WORKSHOP_LEVELS, WORKSHOP_TOPICS } from "../../../../shared/constants.js";
import { type WorkshopDto, type WorkshopInput, workshopProblem } from "../../../../shared/schemas/admin.js";
import { formatInstant, zonedDate, zonedTime } from "../../../../shared/time.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { CancelWithRefundDialog } from "../../admin-bookings/components/cancel-booking-dialog.js";
import { useClientConfig } from "../../session/api/get-config.js";
import { useAdminWorkshops, useDeleteWorkshop, useSaveWorkshop } from "../api/admin-api.js";

export function WorkshopsSection() {
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const workshops = useAdminWorkshops();
  const remove = useDeleteWorkshop();
  const [editing, setEditing] = useState<WorkshopDto>();
  const [cancelling, setCancelling] = useState<WorkshopDto>();
  return (
    <section aria-labelledby="workshops-title" className="grid gap-6 lg:grid-cols-[24rem_1fr]">
      <WorkshopForm key={editing?.id ?? "new"} editing={editing} zone={zone} onDone={() => setEditing(undefined)} />
      <div className="space-y-3">
        <h2 id="workshops-title" className="text-xl font-semibold">
          Workshops
        </h2>
        {workshops.isPending && <Spinner label="Loading workshops…" />}
        {remove.isError && <Alert tone="error">{remove.error.message}</Alert>}
        <ul className="space-y-2">
          {workshops.data?.map((w) => (
            <li key={w.id} className="rounded-xl border border-slate-300 p-3">
              <p className="font-semibold">
                {w.title}{" "}
                <span className="text-sm font-normal text-slate-700">
                  ({CATALOG_LABELS[w.topicKey as (typeof WORKSHOP_TOPICS)[number]] ?? w.topicKey}, {w.level})
                </span>
              </p>
              <p className="text-sm text-slate-700">
                {formatInstant(w.startAt, zone, config.data?.timeZoneLabel)} ·{" "}
                {w.cancelledAt ? "Cancelled" : `${w.seatsLeft} of ${w.capacity} seats left`} ·{" "}
                {w.status === "draft" ? "Draft" : "Published"}
              </p>
              {!w.cancelledAt && (
                <div className="mt-2 flex gap-3 text-sm">
                  <button type="button" className="underline" onClick={() => setEditing(w)}>
                    Edit<span className="sr-only"> {w.title}</span>
                  </button>
                  {w.booked > 0 ? (
                    <button type="button" className="text-red-800 underline" onClick={() => setCancelling(w)}>
                      Cancel<span className="sr-only"> {w.title}</span>
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="text-red-800 underline"
                      onClick={() => {
                        if (window.confirm("Delete this workshop?")) remove.mutate(w.id);
                      }}
                    >
                      Delete<span className="sr-only"> {w.title}</span>
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
      {cancelling && (
        <CancelWithRefundDialog
          target={{ type: "workshops", id: cancelling.id }}
          title={`Cancel ${cancelling.title}`}
          onClose={() => setCancelling(undefined)}
        />
      )}
    </section>
  );
}

function WorkshopForm({
  editing,
  zone,
  onDone,
}: {
  editing: WorkshopDto | undefined;
  zone: string;
  onDone: () => void;
}) {
  const save = useSaveWorkshop();
  const blank: WorkshopInput = {
    topicKey: "ws_dsa",
    title: "",
    level: "Beginner",
    date: "",
    start: "11:00",
    end: "13:00",
    capacity: 40,
    status: "published",
    meetingLink: "",
  };
  const [form, setForm] = useState<WorkshopInput>(
    editing
      ? {
          topicKey: editing.topicKey as WorkshopInput["topicKey"],
          title: editing.title,
          level: editing.level as WorkshopInput["level"],
          date: zonedDate(new Date(editing.startAt), zone),
          start: zonedTime(new Date(editing.startAt), zone),
          end: zonedTime(new Date(editing.endAt), zone),
          capacity: editing.capacity,
          status: editing.status,
          meetingLink: editing.meetingLink ?? "",
        }
      : blank,
  );
  const [problem, setProblem] = useState<string>();
  const set = (key: keyof WorkshopInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = workshopProblem({ ...form, title: form.title.trim() }, new Date(), zone);
    if ("message" in check) {
      setProblem(check.message);
      return;
    }
    setProblem(undefined);
    save.mutate(
      { id: editing?.id, input: { ...form, capacity: Math.max(1, Math.floor(Number(form.capacity) || 1)) } },
      {
        onSuccess: () => {
          setForm(blank);
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
      aria-label={editing ? "Edit workshop" : "Add workshop"}
    >
      <h3 className="text-lg font-semibold">{editing ? "Edit workshop" : "Add workshop"}</h3>
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
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Capacity" type="number" min={1} value={String(form.capacity)} onChange={set("capacity")} />
        <SelectField label="Status" value={form.status} onChange={set("status")}>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </SelectField>
      </div>
      <TextField label="Meeting link" type="url" value={form.meetingLink} onChange={set("meetingLink")} />
      {(problem ?? save.error?.message) && <Alert tone="error">{problem ?? save.error?.message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? "Save changes" : "Add workshop"}
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
