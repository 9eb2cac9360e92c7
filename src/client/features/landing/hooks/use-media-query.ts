import { useLayoutEffect, useState, useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "../../../../shared/constants.js";

/**
 * A value read from the browser, which the prerendered HTML cannot know: the first render (the
 * build's and the hydrating one) uses `initial`, the browser's value follows before the next paint.
 */
export function useBrowserValue<T>(subscribe: (onChange: () => void) => () => void, read: () => T, initial: T): T {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  const value = useSyncExternalStore(
    subscribe,
    () => (typeof window === "undefined" ? initial : read()),
    () => initial,
  );
  return hydrated ? value : initial;
}

export function useMediaQuery(query: string): boolean {
  return useBrowserValue(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    false,
  );
}

/** At least the mobile breakpoint (768 px) wide. */
export const useIsWide = () => useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

export const usePrefersReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");
