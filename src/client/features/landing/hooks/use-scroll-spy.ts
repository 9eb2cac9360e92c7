import { useEffect, useState } from "react";
import { SCROLL_SPY_THRESHOLDS } from "../../../../shared/constants.js";

/**
 * The id of the section most visible in the viewport. The observer reports at the documented
 * visibility thresholds (0.4, 0.6, 0.9); the last reported ratio of each section decides.
 */
export function useScrollSpy<T extends string>(ids: readonly T[]): T {
  const [active, setActive] = useState<T>(ids[0] as T);

  useEffect(() => {
    const ratios = new Map<T, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          ratios.set(entry.target.id as T, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
        let best: T | undefined;
        let bestRatio = 0;
        for (const id of ids) {
          const ratio = ratios.get(id) ?? 0;
          if (ratio > bestRatio) {
            best = id;
            bestRatio = ratio;
          }
        }
        if (best) setActive(best);
      },
      { threshold: [...SCROLL_SPY_THRESHOLDS] },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);

  return active;
}
