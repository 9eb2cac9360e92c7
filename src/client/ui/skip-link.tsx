import type { MouseEvent } from "react";

/** The first stop of the Tab order on every page: straight to the page's main content (WCAG 2.4.1). */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector("main");
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: "start" });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link; its target is the page's <main>, found when used
    <a
      href="#main"
      onClick={skip}
      className="sr-only rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      Skip to main content
    </a>
  );
}
