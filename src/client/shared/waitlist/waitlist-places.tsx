import { WAITLIST_MESSAGES } from "../../../shared/messages.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../shared/time.js";
import { Spinner } from "../../ui/alert.js";
import { useClientConfig } from "../session/get-config.js";
import { useMyWaitlist } from "./get-my-waitlist.js";
import { WaitlistButton } from "./waitlist-button.js";

/** Every line the student stands in, with their place or the seat held for them. */
export function WaitlistPlaces({
  headingLevel = 2,
  hideWhenEmpty = false,
}: {
  headingLevel?: 2 | 3;
  hideWhenEmpty?: boolean;
}) {
  const line = useMyWaitlist();
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (line.isPending) return hideWhenEmpty ? null : <Spinner label="Loading your waitlists…" />;
  if (line.isError || line.data.length === 0) {
    return line.isError || hideWhenEmpty ? null : (
      <section aria-labelledby="waitlist-places" className="space-y-2">
        <Heading id="waitlist-places" className="text-lg font-semibold">
          {WAITLIST_MESSAGES.dashboardTitle}
        </Heading>
        <p className="text-sm text-slate-700">{WAITLIST_MESSAGES.dashboardEmpty}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="waitlist-places" className="space-y-2 rounded-2xl border border-slate-200 bg-white p-5">
      <Heading id="waitlist-places" className="text-lg font-semibold">
        {WAITLIST_MESSAGES.dashboardTitle}
      </Heading>
      <ul className="space-y-2">
        {line.data.map((entry) => {
          const when =
            entry.kind === "internship"
              ? `Starts ${formatDayLabel(zonedDate(new Date(entry.startAt), zone))}`
              : formatInstant(entry.startAt, zone, config.data?.timeZoneLabel);
          return (
            <li key={entry.id} className="rounded-xl border border-slate-300 bg-white p-3">
              <p className="font-semibold text-slate-900">{entry.title}</p>
              <p className="text-sm text-slate-700">{when}</p>
              <WaitlistButton kind={entry.kind} targetId={entry.targetId} label={`${entry.title}, ${when}`} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
