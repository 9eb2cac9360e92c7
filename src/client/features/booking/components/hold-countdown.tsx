import { useEffect, useState } from "react";
import { formatCountdown } from "../../../../shared/time.js";

/** mm:ss until the hold runs out, refreshed every second (docs/product.md, Holds); calls onExpire once at 00:00. */
export function HoldCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(expiresAt) - now;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  return (
    <p className="text-sm text-slate-800">
      Seat held for{" "}
      <span className="font-mono text-base font-semibold tabular-nums" role="timer" aria-live="off">
        {formatCountdown(left)}
      </span>
    </p>
  );
}
