import { useEffect, useState } from "react";
import { formatCountdown } from "../../../../shared/time.js";
import { Button } from "../../../ui/button.js";
import { Dialog } from "../../../ui/dialog.js";
import { PRACTICE_MINUTES, PRACTICE_PROMPTS } from "../resources.js";

/** A timed 15-minute drill: one prompt per scored area, answered out loud or on paper. */
export function PracticeDialog({ onClose }: { onClose: () => void }) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt === null ? PRACTICE_MINUTES * 60_000 : Math.max(0, endsAt - now);
  return (
    <Dialog open onClose={onClose} title="15-minute practice" className="w-[min(100%-2rem,40rem)]">
      <p className="mt-2 text-sm text-slate-700">
        Answer each prompt out loud, as you would in the interview, in about three minutes each.
      </p>
      <ol className="mt-4 list-decimal space-y-3 pl-5">
        {PRACTICE_PROMPTS.map((p) => (
          <li key={p.prompt}>
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{p.area}</p>
            <p className="text-slate-900">{p.prompt}</p>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex items-center justify-between gap-3">
        <p className="font-mono text-2xl font-bold text-slate-900">
          <span className="sr-only">Time left </span>
          {formatCountdown(left)}
        </p>
        {left === 0 ? (
          <p role="status" className="font-semibold text-green-800">
            Time is up. Well done!
          </p>
        ) : (
          <Button onClick={() => setEndsAt(Date.now() + PRACTICE_MINUTES * 60_000)} disabled={endsAt !== null}>
            {endsAt === null ? "Start timer" : "Timer running"}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
