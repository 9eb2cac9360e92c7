import { FEEDBACK_MIN_SESSIONS, FEEDBACK_WINDOW_DAYS } from "../../../../../shared/constants.js";
import { formatPaise } from "../../../../../shared/money.js";
import type { InsightsDto } from "../../../../../shared/schemas/insights.js";
import { occupancyTotals, percentText, share } from "./figures.js";

/** Session end to scorecard over the last 90 days, whatever the period (docs/decisions/0330-claims-from-data.md). */
function feedbackFigure(figure: InsightsDto["feedbackMinutes"]) {
  const label = "Time to feedback";
  if (!figure) {
    return {
      label,
      value: "Not enough data",
      detail: `Fewer than ${FEEDBACK_MIN_SESSIONS} scorecards in the last ${FEEDBACK_WINDOW_DAYS} days`,
    };
  }
  return {
    label,
    value: `${figure.median} min median`,
    detail: `90th percentile ${figure.p90} min, ${figure.sessions} scorecards in the last ${FEEDBACK_WINDOW_DAYS} days`,
  };
}

/** The six numbers an operator looks at first, each with what it is made of. */
export function KeyFigures({ insights }: { insights: InsightsDto }) {
  const { revenue, funnel, noShows, coupons } = insights;
  const seats = occupancyTotals(insights);
  const discount = coupons.reduce((s, c) => s + c.discountPaise, 0);
  const redemptions = coupons.reduce((s, c) => s + c.redemptions, 0);
  const figures = [
    {
      label: "Net revenue",
      value: formatPaise(revenue.netPaise),
      detail: `${formatPaise(revenue.grossPaise)} paid, ${formatPaise(revenue.refundsPaise)} refunded`,
    },
    {
      label: "Seats sold",
      // Seats count against sessions that start in the period; sales for later sessions show there.
      value: seats.capacity === 0 ? "No sessions" : percentText(share(seats.sold, seats.capacity)),
      detail: seats.capacity === 0 ? "None start in this period" : `${seats.sold} of ${seats.capacity} seats`,
    },
    {
      label: "Holds that were paid",
      value: percentText(share(funnel.paid, funnel.holds)),
      detail: `${funnel.holds} holds, ${funnel.paid} paid`,
    },
    {
      label: "No-show rate",
      value: percentText(share(noShows.noShows, noShows.attended + noShows.noShows)),
      detail: `${noShows.noShows} of ${noShows.attended + noShows.noShows} sessions held`,
    },
    { label: "Coupon discounts", value: formatPaise(discount), detail: `${redemptions} paid bookings used a coupon` },
    feedbackFigure(insights.feedbackMinutes),
  ];
  return (
    <dl aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-slate-300 bg-white p-3">
          <dt className="text-sm font-medium text-slate-700">{f.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{f.value}</dd>
          <dd className="text-xs text-slate-600">{f.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
