import { useState } from "react";
import { formatDayLabel, zonedDate, zonedToInstant } from "../../../../shared/time.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextAreaField, TextField } from "../../../ui/field.js";
import { useWorkshops } from "../api/get-workshops.js";
import { useSetCapstone } from "../api/set-capstone.js";
import { AdminError } from "./admin-error.js";

/** A workshop's capstone brief and the last day attendees may hand it in (23:59 in the platform zone). */
export function CapstoneForm({ zone }: { zone: string }) {
  const workshops = useWorkshops();
  const save = useSetCapstone();
  const [workshopId, setWorkshopId] = useState("");
  const [brief, setBrief] = useState("");
  const [due, setDue] = useState("");
  const open = (workshops.data ?? []).filter((w) => !w.cancelledAt);
  const chosen = workshopId || open[0]?.id || "";
  return (
    <form
      className="space-y-2"
      aria-labelledby="capstone-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ workshopId: chosen, brief, dueAt: zonedToInstant(due, "23:59", zone).toISOString() });
      }}
    >
      <h3 id="capstone-form" className="text-lg font-semibold text-slate-900">
        Workshop capstone
      </h3>
      <SelectField label="Workshop" value={chosen} onChange={(e) => setWorkshopId(e.target.value)}>
        {open.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title} · {formatDayLabel(zonedDate(new Date(w.startAt), zone))}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Capstone brief" rows={2} value={brief} onChange={(e) => setBrief(e.target.value)} />
      <TextField label="Hand in by (date)" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      {save.error && <AdminError error={save.error} />}
      {save.isSuccess && <Alert tone="success">Capstone saved.</Alert>}
      <Button type="submit" disabled={save.isPending || !chosen || !brief.trim() || !due}>
        Save capstone
      </Button>
    </form>
  );
}
