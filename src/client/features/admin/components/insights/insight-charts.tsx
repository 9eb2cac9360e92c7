import { formatPaise } from "../../../../../shared/money.js";
import type { InsightsDto } from "../../../../../shared/schemas/insights.js";
import { useCatalogLabel } from "../../../../shared/catalog/get-catalog.js";
import { ChartCard } from "./chart-card.js";
import { Bars, COLORS, rupeesTick } from "./charts.js";
import { dayLabel, percentText, share } from "./figures.js";

type Props = { insights: InsightsDto };

function RevenueByDay({ insights }: Props) {
  const { revenue } = insights;
  const days = revenue.byDay.map((d) => ({ ...d, refunded: -d.refundsPaise }));
  const best = [...revenue.byDay].sort((a, b) => b.netPaise - a.netPaise)[0];
  return (
    <ChartCard
      id="insights-revenue-day"
      title="Revenue by day"
      takeaway={
        revenue.grossPaise === 0
          ? "Nothing was paid in this period."
          : `${formatPaise(revenue.netPaise)} net of refunds; the best day was ${best ? `${dayLabel(best.date)} (${formatPaise(best.netPaise)})` : "—"}.`
      }
      chart={
        <Bars
          data={days}
          category="date"
          categoryTick={dayLabel}
          valueTick={rupeesTick}
          valueFormat={(v) => formatPaise(Math.abs(v))}
          series={[
            { key: "grossPaise", name: "Paid", color: COLORS.brand, stack: "money" },
            { key: "refunded", name: "Refunded", color: COLORS.red, stack: "money" },
          ]}
        />
      }
      rows={revenue.byDay}
      columns={[
        { header: "Day", cell: (d) => dayLabel(d.date) },
        { header: "Paid", cell: (d) => formatPaise(d.grossPaise), numeric: true },
        { header: "Refunded", cell: (d) => formatPaise(d.refundsPaise), numeric: true },
        { header: "Net", cell: (d) => formatPaise(d.netPaise), numeric: true },
      ]}
      empty="No days in this period."
    />
  );
}

function RevenueByPackage({ insights }: Props) {
  const labelOf = useCatalogLabel();
  const rows = insights.revenue.byPackage.map((p) => ({ ...p, label: labelOf(p.packageKey) }));
  const top = [...rows].sort((a, b) => b.netPaise - a.netPaise)[0];
  return (
    <ChartCard
      id="insights-revenue-package"
      title="Revenue by package"
      takeaway={top ? `${top.label} earned the most: ${formatPaise(top.netPaise)} net.` : ""}
      chart={
        <Bars
          data={rows}
          category="label"
          layout="vertical"
          valueTick={rupeesTick}
          valueFormat={formatPaise}
          series={[{ key: "netPaise", name: "Net revenue", color: COLORS.brand }]}
        />
      }
      rows={rows}
      columns={[
        { header: "Package", cell: (p) => p.label },
        { header: "Payments", cell: (p) => p.paid, numeric: true },
        { header: "Paid", cell: (p) => formatPaise(p.grossPaise), numeric: true },
        { header: "Refunded", cell: (p) => formatPaise(p.refundsPaise), numeric: true },
        { header: "Net", cell: (p) => formatPaise(p.netPaise), numeric: true },
      ]}
      empty="No package was paid for in this period."
    />
  );
}

function OccupancyByWeek({ insights }: Props) {
  const weeks = insights.occupancy.map((w) => ({
    ...w,
    unsold: w.capacity - w.sold,
    label: `w/c ${dayLabel(w.weekStart)}`,
  }));
  const offered = weeks.filter((w) => w.capacity > 0);
  return (
    <ChartCard
      id="insights-occupancy"
      title="Seats sold against capacity, by week"
      takeaway={
        offered.length === 0
          ? "No sessions started in this period."
          : `Weeks run Monday to Sunday; the fullest was ${[...offered].sort((a, b) => b.sold / b.capacity - a.sold / a.capacity)[0]?.label}.`
      }
      chart={
        <Bars
          data={weeks}
          category="label"
          series={[
            { key: "sold", name: "Sold", color: COLORS.brand, stack: "seats" },
            { key: "unsold", name: "Unsold", color: COLORS.slate, stack: "seats" },
          ]}
        />
      }
      rows={weeks}
      columns={[
        { header: "Week", cell: (w) => w.label },
        { header: "Seats sold", cell: (w) => w.sold, numeric: true },
        { header: "Capacity", cell: (w) => w.capacity, numeric: true },
        { header: "Occupancy", cell: (w) => percentText(share(w.sold, w.capacity)), numeric: true },
      ]}
      empty="No weeks in this period."
    />
  );
}

function Funnel({ insights }: Props) {
  const { holds, checkouts, paid } = insights.funnel;
  const steps = [
    { step: "Seats held", count: holds, before: null },
    { step: "Checkouts started", count: checkouts, before: holds },
    { step: "Paid", count: paid, before: checkouts },
  ];
  return (
    <ChartCard
      id="insights-funnel"
      title="From hold to payment"
      takeaway={
        holds === 0
          ? "No seats were held in this period."
          : `${percentText(share(checkouts, holds))} of holds went to checkout and ${percentText(share(paid, checkouts))} of checkouts were paid.`
      }
      chart={
        <Bars
          data={steps}
          category="step"
          layout="vertical"
          series={[{ key: "count", name: "Students", color: COLORS.brand }]}
        />
      }
      rows={steps}
      columns={[
        { header: "Step", cell: (s) => s.step },
        { header: "Count", cell: (s) => s.count, numeric: true },
        {
          header: "Of the step before",
          cell: (s) => (s.before === null ? "—" : percentText(share(s.count, s.before))),
          numeric: true,
        },
        {
          header: "Dropped off",
          cell: (s) => (s.before === null ? "—" : Math.max(s.before - s.count, 0)),
          numeric: true,
        },
      ]}
      empty="Nothing to show."
    />
  );
}

export function InsightCharts({ insights }: Props) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RevenueByDay insights={insights} />
      <RevenueByPackage insights={insights} />
      <OccupancyByWeek insights={insights} />
      <Funnel insights={insights} />
      <NoShows insights={insights} />
      <Scores insights={insights} />
      <Coupons insights={insights} />
    </div>
  );
}

function NoShows({ insights }: Props) {
  const labelOf = useCatalogLabel();
  const rows = insights.noShows.byPackage.map((p) => ({
    ...p,
    label: labelOf(p.packageKey),
    rate: share(p.noShows, p.attended + p.noShows) ?? 0,
  }));
  const { attended, noShows } = insights.noShows;
  return (
    <ChartCard
      id="insights-no-shows"
      title="No-show rate by package"
      takeaway={`${percentText(share(noShows, attended + noShows))} of the sessions marked in this period were no-shows (${noShows} of ${attended + noShows}).`}
      chart={
        <Bars
          data={rows}
          category="label"
          layout="vertical"
          domain={[0, 100]}
          valueTick={(v) => `${v}%`}
          valueFormat={(v) => `${v}%`}
          series={[{ key: "rate", name: "No-show rate", color: COLORS.red }]}
        />
      }
      rows={rows}
      columns={[
        { header: "Package", cell: (p) => p.label },
        { header: "Attended", cell: (p) => p.attended, numeric: true },
        { header: "No-shows", cell: (p) => p.noShows, numeric: true },
        { header: "No-show rate", cell: (p) => `${p.rate}%`, numeric: true },
      ]}
      empty="No session in this period was marked completed or no-show yet."
    />
  );
}

function Scores({ insights }: Props) {
  const labelOf = useCatalogLabel();
  const rows = insights.scorecards.map((p) => ({ ...p, label: labelOf(p.packageKey) }));
  const count = rows.reduce((s, r) => s + r.scorecards, 0);
  return (
    <ChartCard
      id="insights-scores"
      title="Average scorecard by package"
      takeaway={`Overall score out of 5, from ${count} scorecard${count === 1 ? "" : "s"} of interviews in this period.`}
      chart={
        <Bars
          data={rows}
          category="label"
          layout="vertical"
          domain={[0, 5]}
          series={[{ key: "average", name: "Average score", color: COLORS.brand }]}
        />
      }
      rows={rows}
      columns={[
        { header: "Package", cell: (p) => p.label },
        { header: "Scorecards", cell: (p) => p.scorecards, numeric: true },
        { header: "Average (of 5)", cell: (p) => p.average.toFixed(1), numeric: true },
      ]}
      empty="No scorecards for interviews in this period yet."
    />
  );
}

function Coupons({ insights }: Props) {
  const rows = insights.coupons;
  return (
    <ChartCard
      id="insights-coupons"
      title="Coupon use"
      takeaway={`Paid bookings in this period that used a coupon and were not cancelled, by code.`}
      chart={
        <Bars
          data={rows}
          category="code"
          layout="vertical"
          series={[{ key: "redemptions", name: "Paid bookings", color: COLORS.brand }]}
        />
      }
      rows={rows}
      columns={[
        { header: "Code", cell: (c) => c.code },
        { header: "Paid bookings", cell: (c) => c.redemptions, numeric: true },
        { header: "Discount given", cell: (c) => formatPaise(c.discountPaise), numeric: true },
        { header: "Paid after discount", cell: (c) => formatPaise(c.revenuePaise), numeric: true },
      ]}
      empty="No coupon was used on a paid booking in this period."
    />
  );
}
