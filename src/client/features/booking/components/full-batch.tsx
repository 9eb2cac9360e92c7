import { PROGRAMME_MESSAGES } from "../../../../shared/messages.js";
import type { InternshipListing } from "../../../../shared/schemas/booking.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { useJoinWaitlist } from "../../../shared/waitlist/join-waitlist.js";
import { WaitlistButton } from "../../../shared/waitlist/waitlist-button.js";
import { useApplication } from "../api/application.js";
import { ApplicationForm } from "./application-form.js";

/**
 * A full batch (docs/decisions/0340): its line is for students who applied, so a student who has
 * not yet applies and joins in one step; one who has sees their place in line or the seat held.
 */
export function FullBatch({ batch }: { batch: InternshipListing }) {
  const application = useApplication(batch.id);
  const join = useJoinWaitlist();
  const label = `${batch.title}, starting ${formatDayLabel(batch.startDate)}`;
  if (application.isPending) return null;
  return (
    <div className="space-y-3">
      <p className="text-slate-800">{PROGRAMME_MESSAGES.fullBatch}</p>
      {application.data ? (
        <WaitlistButton kind="internship" targetId={batch.id} label={label} />
      ) : (
        <ApplicationForm
          internshipId={batch.id}
          busy={false}
          disabled={join.isPending}
          submitLabel={PROGRAMME_MESSAGES.applyAndJoin}
          onApplied={() => join.mutate({ kind: "internship", targetId: batch.id })}
        />
      )}
      {join.error && (
        <p role="alert" className="text-sm text-red-800">
          {join.error.message}
        </p>
      )}
    </div>
  );
}
