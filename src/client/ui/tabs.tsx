import { type ElementType, type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { ScrollHint, useScrollHints } from "./scroll-hints.js";

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

interface TabsProps<Id extends string> {
  /** What the tabs choose between, read out for the tab list. */
  label: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Classes of the tab list and of one tab, selected or not. */
  listClassName?: string;
  tabClassName: (selected: boolean) => string;
  /** The panel: `main` when the tabs choose the page's content. */
  panelAs?: ElementType;
  panelClassName?: string;
  /** The selected tab's content. */
  children: ReactNode;
  /** The base of the tabs' ids; by default one from `useId`. A page hydrated in steps gives its own, since
   * `useId` counts in the order components hydrate (features/landing/components/hydrate-later.tsx). */
  idBase?: string;
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * WAI-ARIA tabs with automatic activation: one tab in the Tab order, the arrow keys move to the
 * next or previous tab (wrapping), Home and End to the first or last; moving selects.
 */
export function Tabs<Id extends string>({
  label,
  items,
  selected,
  onSelect,
  listClassName,
  tabClassName,
  panelAs: Panel = "div",
  panelClassName,
  children,
  idBase,
}: TabsProps<Id>) {
  const generatedId = useId();
  const baseId = idBase ?? generatedId;
  const tabs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  const scroll = useScrollHints<HTMLDivElement>(selected);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = items[step(index, items.length)];
    if (!next) return;
    onSelect(next.id);
    tabs.current.get(next.id)?.focus();
  };

  return (
    <>
      <div className="relative">
        <div ref={scroll.ref} role="tablist" aria-label={label} className={listClassName}>
          {items.map((item, index) => {
            const isSelected = item.id === selected;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  if (element) tabs.current.set(item.id, element);
                  else tabs.current.delete(item.id);
                }}
                id={tabId(item.id)}
                type="button"
                role="tab"
                aria-selected={isSelected}
                aria-controls={panelId}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => onSelect(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={tabClassName(isSelected)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        <ScrollHint side="before" visible={scroll.edges.before} />
        <ScrollHint side="after" visible={scroll.edges.after} />
      </div>
      <Panel role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className={panelClassName}>
        {children}
      </Panel>
    </>
  );
}
