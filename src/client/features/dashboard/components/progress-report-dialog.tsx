import type { DashboardSession } from "../../../../shared/schemas/dashboard.js";
import { SCORE_AREA_LABELS, SCORE_AREAS } from "../../../../shared/schemas/scorecards.js";
import { formatInstant } from "../../../../shared/time.js";
import { Dialog } from "../../../ui/dialog.js";

/** Averages per scored area and the overall score of each mock, oldest first. */
export function ProgressReportDialog({
  sessions,
  onClose,
  zone,
  zoneLabel,
}: {
  sessions: DashboardSession[];
  onClose: () => void;
  zone: string;
  zoneLabel: string;
}) {
  const scored = sessions.filter((s) => s.scorecard);
  const averages = SCORE_AREAS.flatMap((area) => {
    const values = scored.flatMap((s) => {
      const value = s.scorecard?.scores[area];
      return value === undefined ? [] : [value];
    });
    return values.length
      ? [{ area, average: values.reduce((a, b) => a + b, 0) / values.length, count: values.length }]
      : [];
  });
  return (
    <Dialog open onClose={onClose} title="Progress report" className="w-[min(100%-2rem,40rem)]">
      {scored.length === 0 ? (
        <p className="mt-3 text-slate-700">Your report fills in after your first scored mock interview.</p>
      ) : (
        <div className="mt-4 space-y-6">
          <section>
            <h3 className="font-semibold text-slate-900">Average by area</h3>
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-1.5">
                    Area
                  </th>
                  <th scope="col" className="py-1.5">
                    Average
                  </th>
                  <th scope="col" className="py-1.5">
                    Scorecards
                  </th>
                </tr>
              </thead>
              <tbody>
                {averages.map((a) => (
                  <tr key={a.area} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 font-medium">
                      {SCORE_AREA_LABELS[a.area]}
                    </th>
                    <td className="py-1.5">{a.average.toFixed(1)} / 5</td>
                    <td className="py-1.5">{a.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section>
            <h3 className="font-semibold text-slate-900">Overall score per interview</h3>
            <ol className="mt-2 space-y-1 text-sm">
              {scored.map((s) => (
                <li key={s.bookingId} className="flex justify-between gap-3">
                  <span>{formatInstant(s.startAt, zone, zoneLabel)}</span>
                  <span className="font-semibold">{s.scorecard?.overall}/5</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Dialog>
  );
}
