import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The console's palette (src/client/index.css): brand for what was earned, slate for what was offered, red for losses. */
export const COLORS = { brand: "#4338ca", light: "#a5b4fc", slate: "#94a3b8", red: "#b91c1c" } as const;

const compactRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  maximumFractionDigits: 1,
});
export const rupeesTick = (paise: number) => compactRupees.format(paise / 100);

export interface Series {
  key: string;
  name: string;
  color: string;
  /** Bars of one stack id sit on each other. */
  stack?: string;
}

/** Vertical bars over a category axis (days, weeks, packages): the one chart shape the insights need. */
export function Bars({
  data,
  category,
  series,
  categoryTick,
  valueTick,
  valueFormat,
  layout = "horizontal",
  domain,
}: {
  data: object[];
  /** The field of each row that names its bar. */
  category: string;
  series: Series[];
  categoryTick?: (value: string) => string;
  valueTick?: (value: number) => string;
  valueFormat?: (value: number) => string;
  /** "vertical" lays the bars sideways, for long names (packages, coupon codes). */
  layout?: "horizontal" | "vertical";
  domain?: [number, number];
}) {
  const sideways = layout === "vertical";
  const categoryAxis = { dataKey: category, tickFormatter: categoryTick, tick: { fontSize: 12, fill: "#334155" } };
  const valueAxis = { tickFormatter: valueTick, tick: { fontSize: 12, fill: "#334155" }, domain };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout={layout} accessibilityLayer={false} margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={sideways} horizontal={!sideways} />
        {sideways ? (
          <>
            <XAxis type="number" {...valueAxis} />
            <YAxis type="category" width={150} {...categoryAxis} />
          </>
        ) : (
          <>
            <XAxis type="category" {...categoryAxis} />
            <YAxis type="number" width={64} {...valueAxis} />
          </>
        )}
        <Tooltip
          formatter={(value) => (valueFormat ? valueFormat(Number(value)) : String(value))}
          labelFormatter={(label) => (categoryTick ? categoryTick(String(label)) : String(label))}
        />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            stackId={s.stack}
            isAnimationActive={false}
            radius={s.stack ? 0 : 3}
            maxBarSize={48}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
