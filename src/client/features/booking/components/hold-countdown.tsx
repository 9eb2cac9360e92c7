import { useEffect, useState } from "react";
import { formatCountdown } from "../../../../shared/time.js";

/** mm:ss until the hold runs out, refreshed every second (docs/product.md, Holds). The hold's end is handled by useHold. */
export function HoldCountdown({ expiresAt, decorative = false }: { expiresAt: string; decorative?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span
      className="font-mono font-semibold tabular-nums"
      role={decorative ? undefined : "timer"}
      aria-live={decorative ? undefined : "off"}
      aria-hidden={decorative || undefined}
    >
      {formatCountdown(Date.parse(expiresAt) - now)}
    </span>
  );
}
