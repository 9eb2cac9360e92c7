import { useState } from "react";
import { ReviewQueueList } from "../../../shared/review/review-queue.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Spinner } from "../../../ui/alert.js";
import { SelectField } from "../../../ui/field.js";
import { useInternships } from "../api/get-internships.js";
import { AdminError } from "./admin-error.js";
import { BatchRoster } from "./batch-roster.js";
import { CapstoneForm } from "./capstone-form.js";
import { formatCalendarDate } from "./console-dates.js";
import { MentorTracks } from "./mentor-tracks.js";
import { SectionLayout } from "./section-layout.js";

/** The programme: each batch's roster with progress, mentors and demo day; reviews; mentor tracks; capstones. */
export function ProgrammeSection() {
  const internships = useInternships();
  const [batchId, setBatchId] = useState("");
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const zoneLabel = config.data?.timeZoneLabel ?? "IST";
  const batches = (internships.data ?? []).filter((b) => !b.cancelledAt);
  const chosen = batchId || batches[0]?.id || "";
  return (
    <SectionLayout id="programme" title="Programme">
      {internships.isPending && <Spinner label="Loading batches…" />}
      {internships.isError && <AdminError error={internships.error} />}
      {batches.length > 0 && (
        <SelectField label="Batch" value={chosen} onChange={(e) => setBatchId(e.target.value)}>
          {batches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title} · starts {formatCalendarDate(b.startDate.slice(0, 10))}
            </option>
          ))}
        </SelectField>
      )}
      {chosen && <BatchRoster internshipId={chosen} zone={zone} zoneLabel={zoneLabel} />}
      <section aria-labelledby="admin-reviews" className="space-y-2">
        <h3 id="admin-reviews" className="text-lg font-semibold text-slate-900">
          Submissions to review, oldest first
        </h3>
        <ReviewQueueList zone={zone} zoneLabel={zoneLabel} also={[["admin", "roster"]]} />
      </section>
      <MentorTracks />
      <CapstoneForm zone={zone} />
    </SectionLayout>
  );
}
