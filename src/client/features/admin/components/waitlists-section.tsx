import { WAITLIST_MESSAGES } from "../../../../shared/messages.js";
import { formatDayLabel, formatInstant, zonedDate } from "../../../../shared/time.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useWaitlists } from "../api/get-waitlists.js";
import { LoadMore } from "./load-more.js";
import { SectionLayout } from "./section-layout.js";

const KIND_LABELS = {
  mock: "Mock interview slot",
  workshop: "Workshop session",
  internship: "Internship batch",
} as const;

/** Slots, workshop sessions and internship batches with a line, soonest first, and who stands in it, in order. */
export function WaitlistsSection() {
  const config = useClientConfig();
  const waitlists = useWaitlists();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";
  const label = config.data?.timeZoneLabel;
  return (
    <SectionLayout id="waitlists" title={WAITLIST_MESSAGES.adminTitle}>
      {waitlists.isPending && <Spinner label="Loading waitlists…" />}
      {waitlists.isError && <Alert tone="error">{waitlists.error.message}</Alert>}
      {waitlists.data?.length === 0 && <p className="text-slate-700">{WAITLIST_MESSAGES.adminEmpty}</p>}
      <ul className="space-y-4">
        {waitlists.data?.map((line) => (
          <li key={line.targetId} className="rounded-xl border border-slate-300 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{line.title}</h3>
            <p className="text-sm text-slate-700">
              {KIND_LABELS[line.kind]} ·{" "}
              {line.kind === "internship"
                ? `Starts ${formatDayLabel(zonedDate(new Date(line.startAt), zone))}`
                : formatInstant(line.startAt, zone, label)}{" "}
              · {line.capacity} {line.capacity === 1 ? "seat" : "seats"} · {line.inLine} in line
            </p>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Waitlist of {line.title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-1 pr-3">
                    Place
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Student
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-1">
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {line.entries.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100">
                    <td className="py-1 pr-3">{entry.position === 0 ? "—" : entry.position}</td>
                    <td className="py-1 pr-3 break-all">
                      {entry.name || entry.email}
                      {entry.name && <span className="block text-xs text-slate-600">{entry.email}</span>}
                    </td>
                    <td className="py-1 pr-3">
                      {entry.status === "offered" && entry.offerExpiresAt
                        ? `Seat held until ${formatInstant(entry.offerExpiresAt, zone, label)}`
                        : "Waiting"}
                    </td>
                    <td className="py-1">{formatInstant(entry.joinedAt, zone, label)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
      </ul>
      <LoadMore list={waitlists} />
    </SectionLayout>
  );
}
