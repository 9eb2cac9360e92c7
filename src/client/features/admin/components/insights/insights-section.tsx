import { useState } from "react";
import { periodQuerySchema } from "../../../../../shared/schemas/invoices.js";
import { addDays, zonedDate } from "../../../../../shared/time.js";
import { useClientConfig } from "../../../../shared/session/get-config.js";
import { Alert, Spinner } from "../../../../ui/alert.js";
import { Button } from "../../../../ui/button.js";
import { TextField } from "../../../../ui/field.js";
import { useInsights } from "../../api/get-insights.js";
import { SectionLayout } from "../section-layout.js";
import { InsightCharts } from "./insight-charts.js";
import { KeyFigures } from "./key-figures.js";

const PRESETS = [7, 30, 90] as const;

/** Insights (docs/admin.md): a period, the key figures, then one chart per question an operator asks. */
export default function InsightsSection() {
  const config = useClientConfig();
  const today = zonedDate(new Date(), config.data?.timeZone ?? "Asia/Kolkata");
  const [period, setPeriod] = useState({ from: addDays(today, -29), to: today });
  const checked = periodQuerySchema.safeParse(period);
  const problems = checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [i.path[0], i.message]));
  const insights = useInsights(period.from, period.to, checked.success);

  return (
    <SectionLayout id="insights" title="Insights">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Period</legend>
        <TextField
          label="From"
          type="date"
          value={period.from}
          max={today}
          error={problems.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
        />
        <TextField
          label="To (included)"
          type="date"
          value={period.to}
          error={problems.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
        />
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((days) => {
            const from = addDays(today, -(days - 1));
            const current = period.from === from && period.to === today;
            return (
              <Button
                key={days}
                variant="secondary"
                aria-pressed={current}
                className={current ? "border-brand-700 bg-brand-50" : ""}
                onClick={() => setPeriod({ from, to: today })}
              >
                Last {days} days
              </Button>
            );
          })}
        </div>
      </fieldset>
      {insights.isPending && checked.success && <Spinner label="Adding up the period…" />}
      {insights.isError && <Alert tone="error">{insights.error.message}</Alert>}
      {insights.data && (
        <div className={`space-y-4 ${insights.isFetching ? "opacity-70" : ""}`} aria-busy={insights.isFetching}>
          <KeyFigures insights={insights.data} />
          <InsightCharts insights={insights.data} />
        </div>
      )}
    </SectionLayout>
  );
}
