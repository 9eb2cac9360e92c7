import { MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import { formatDayLabel } from "../../../../shared/time.js";
import { Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { useUpcomingInternship } from "../api/listings.js";

/** The earliest internship that has not started, with its weekly plan and 'Book Slot'. */
export function InternshipTab({ onBook, busy }: { onBook: (internshipId: string) => void; busy: boolean }) {
  const internship = useUpcomingInternship();
  if (internship.isPending) return <Spinner label={MESSAGES.loadingInternship} />;
  if (internship.isError)
    return (
      <p role="alert" className="text-red-800">
        We could not load the internship. Please try again in a moment.
      </p>
    );
  const data = internship.data;
  if (!data) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-slate-800">
        No internship is open for enrolment right now. New batches are announced every few weeks; check back soon.
      </p>
    );
  }
  return (
    <article className="space-y-4 rounded-xl border border-slate-300 p-5">
      <header>
        <h3 className="text-xl font-semibold">{data.title}</h3>
        <p className="text-slate-700">
          Starts {formatDayLabel(data.startDate)} · Mentor {data.mentor} · {data.weeks} weeks ·{" "}
          {formatPaise(data.pricePaise)}
        </p>
        <p className="text-sm text-slate-700">{data.seatsLeft > 0 ? `${data.seatsLeft} seats left` : "Full"}</p>
      </header>
      <ol className="space-y-3 border-l-2 border-brand-100 pl-4">
        {data.weekPlans.map((week, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positional; the list never reorders
          <li key={index}>
            <p className="font-semibold">
              Week {index + 1}: {week.title}
            </p>
            <p className="text-sm text-slate-700">{week.deliverables}</p>
          </li>
        ))}
      </ol>
      {!data.available && <p className="text-slate-700">Not available</p>}
      <Button onClick={() => onBook(data.id)} disabled={busy || !data.available || data.seatsLeft === 0}>
        {busy ? "Opening payment…" : "Book Slot"}
      </Button>
    </article>
  );
}
