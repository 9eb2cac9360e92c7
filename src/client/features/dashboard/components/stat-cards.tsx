import type { Dashboard } from "../../../../shared/schemas/dashboard.js";
import { formatInstant } from "../../../../shared/time.js";
import { formatMinutes } from "../format.js";

export function StatCards({ stats, zone, zoneLabel }: { stats: Dashboard["stats"]; zone: string; zoneLabel: string }) {
  const cards = [
    {
      label: "Next interview",
      value: stats.nextInterviewAt ? formatInstant(stats.nextInterviewAt, zone, zoneLabel) : "None booked",
    },
    {
      label: "Average rating",
      value: stats.averageRating === null ? "No ratings yet" : `${stats.averageRating.toFixed(1)} / 5`,
      hint:
        stats.ratedSessions > 0
          ? `from ${stats.ratedSessions} scorecard${stats.ratedSessions === 1 ? "" : "s"}`
          : undefined,
    },
    { label: "Completed mocks", value: String(stats.completedMocks) },
    { label: "Practice time", value: formatMinutes(stats.practiceMinutes) },
  ];
  return (
    <section aria-label="Your numbers">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{card.value}</dd>
            {card.hint && <dd className="text-xs text-slate-600">{card.hint}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
