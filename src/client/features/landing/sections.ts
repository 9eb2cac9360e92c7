import type { ServiceType } from "../../../shared/constants.js";

/** The page's anchored sections, in order (docs/product.md, Landing page). */
export const SECTIONS = [
  { id: "home", label: "Home" },
  { id: "mockInterview", label: "Mock Interviews" },
  { id: "internship", label: "Internships" },
  { id: "workshop", label: "Workshops" },
  { id: "stories", label: "Stories" },
  { id: "faq", label: "FAQ" },
  { id: "contact", label: "Contact" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((s) => s.id);

/** Smooth unless the user asked for less motion; the address bar follows, so the place can be shared. */
export function scrollToSection(id: SectionId | ServiceType): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  settleOn(target);
  window.history.replaceState(window.history.state, "", `#${id}`);
}

/**
 * Sections on the way load their content as they come near and can grow while a smooth scroll
 * runs, leaving the target short of the top; when the scroll ends a little off, settle on it.
 * A user who scrolled far elsewhere meanwhile is left alone.
 */
export function settleOn(target: HTMLElement): void {
  window.addEventListener(
    "scrollend",
    () => {
      const off = Math.abs(target.getBoundingClientRect().top);
      if (off > 1 && off < window.innerHeight / 2) target.scrollIntoView({ block: "start" });
    },
    { once: true },
  );
}
