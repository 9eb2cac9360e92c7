import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "../../../../shared/constants.js";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** At least the mobile breakpoint (768 px) wide. */
export const useIsWide = () => useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

export const usePrefersReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");
