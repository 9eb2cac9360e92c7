import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

/**
 * One chart: its title, the one line a person takes away, the chart itself (hidden from assistive
 * technology) and the same numbers as a table behind a disclosure, for screen readers and for
 * anyone who wants the figures.
 */
export function ChartCard<Row>({
  id,
  title,
  takeaway,
  chart,
  rows,
  columns,
  empty,
}: {
  id: string;
  title: string;
  takeaway: ReactNode;
  chart: ReactNode;
  rows: Row[];
  columns: Column<Row>[];
  empty: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-300 bg-white p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{takeaway}</p>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-3 h-56 w-full">
            {chart}
          </div>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer py-2 font-medium text-brand-700">Show the numbers</summary>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    {columns.map((c) => (
                      <th
                        key={c.header}
                        scope="col"
                        className={`py-1 pr-3 font-semibold ${c.numeric ? "text-right" : ""}`}
                      >
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one answer and have no id
                    <tr key={i} className="border-b border-slate-200">
                      {columns.map((c, j) =>
                        j === 0 ? (
                          <th key={c.header} scope="row" className="py-1 pr-3 font-normal">
                            {c.cell(row)}
                          </th>
                        ) : (
                          <td key={c.header} className={`py-1 pr-3 ${c.numeric ? "text-right tabular-nums" : ""}`}>
                            {c.cell(row)}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
