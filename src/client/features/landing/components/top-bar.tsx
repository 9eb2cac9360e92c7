import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../../ui/button.js";
import { SECTIONS, type SectionId } from "../sections.js";

interface TopBarProps {
  active: SectionId;
  accountLabel: string;
  onAccount: () => void;
}

const TAB_LABELS: Partial<Record<SectionId, string>> = { mockInterview: "Interviews" };

/**
 * Plain in-page links: the browser scrolls (smoothly, unless reduced motion is asked for) and
 * keeps the place in the address bar. From 768 px: section tabs with a highlight sliding under the active one, and the account
 * button. Below: only FAQ and Contact on top, the account button in a fixed bottom bar.
 */
export function TopBar({ active, accountLabel, onAccount }: TopBarProps) {
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
          <a href="#home" className="flex shrink-0 items-center gap-2 rounded-lg">
            <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
            <span className="text-lg font-bold text-brand-900 md:max-lg:sr-only">CareerPrep</span>
          </a>
          <SectionTabs active={active} />
          <nav aria-label="Quick links" className="ml-auto flex gap-1 md:hidden">
            {(["faq", "contact"] as const).map((id) => (
              <a
                key={id}
                href={`#${id}`}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                {SECTIONS.find((s) => s.id === id)?.label}
              </a>
            ))}
          </nav>
          <div className="ml-auto hidden shrink-0 md:block">
            <Button onClick={onAccount} className="min-w-32">
              {accountLabel}
            </Button>
          </div>
        </div>
      </header>
      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 p-3 backdrop-blur md:hidden">
        <Button onClick={onAccount} className="w-full">
          {accountLabel}
        </Button>
      </div>
    </>
  );
}

function SectionTabs({ active }: { active: SectionId }) {
  const navRef = useRef<HTMLElement>(null);
  const [bar, setBar] = useState({ left: 0, width: 0 });

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const measure = () => {
      const tab = nav.querySelector<HTMLElement>(`[data-section="${active}"]`);
      if (tab) setBar({ left: tab.offsetLeft, width: tab.offsetWidth });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [active]);

  return (
    <nav ref={navRef} aria-label="Sections" className="relative hidden h-full items-center md:flex">
      {SECTIONS.map(({ id, label }) => (
        <a
          key={id}
          href={`#${id}`}
          data-section={id}
          aria-current={active === id ? "location" : undefined}
          className={`rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 lg:px-3 ${
            active === id ? "text-brand-800" : "text-slate-700"
          }`}
        >
          {TAB_LABELS[id] ?? label}
        </a>
      ))}
      <span
        aria-hidden="true"
        className="absolute bottom-0 left-0 h-1 rounded-full bg-brand-700 transition-[translate,width] duration-300 ease-out motion-reduce:transition-none"
        style={{ width: bar.width, translate: `${bar.left}px 0` }}
      />
    </nav>
  );
}
