import { useEffect, useRef, useState } from "react";

const ACTIVE = '[aria-selected="true"], [aria-current="page"]';
const MARGIN = 24;

/**
 * For a row that scrolls sideways on narrow screens (tabs, the dashboard's menu): which edges have
 * more items beyond them, and the active item kept in view whenever `activeKey` changes. Attach
 * `ref` to the scrolling element; render a `ScrollHint` for each edge.
 */
export function useScrollHints<T extends HTMLElement>(activeKey: string) {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ before: false, after: false });

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () =>
      setEdges({ before: row.scrollLeft > 1, after: row.scrollLeft + row.clientWidth < row.scrollWidth - 1 });
    update();
    row.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(row);
    return () => {
      row.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);

  useEffect(() => {
    const row = ref.current;
    const active = activeKey ? row?.querySelector<HTMLElement>(ACTIVE) : null;
    if (!row || !active) return;
    const reveal = () => {
      const box = row.getBoundingClientRect();
      const item = active.getBoundingClientRect();
      // Sideways only: the page itself must not jump.
      if (item.left < box.left) row.scrollLeft -= box.left - item.left + MARGIN;
      else if (item.right > box.right) row.scrollLeft += item.right - box.right + MARGIN;
    };
    reveal();
    // Items that change size later (a badge's count arriving) would push the active one out of view.
    const resized = new ResizeObserver(reveal);
    for (const item of row.querySelectorAll<HTMLElement>('[role="tab"], a, button')) resized.observe(item);
    return () => resized.disconnect();
  }, [activeKey]);

  return { ref, edges };
}

/** A fade with a chevron over one edge of the row, shown while more items lie beyond it. */
export function ScrollHint({
  side,
  visible,
  from = "from-white",
}: {
  side: "before" | "after";
  visible: boolean;
  from?: string;
}) {
  if (!visible) return null;
  const place =
    side === "before" ? "left-0 bg-gradient-to-r justify-start pl-1" : "right-0 bg-gradient-to-l justify-end pr-1";
  return (
    <span
      aria-hidden="true"
      data-scroll-hint={side}
      className={`pointer-events-none absolute inset-y-0 flex w-10 items-center ${from} to-transparent text-lg font-bold text-brand-700 ${place}`}
    >
      {side === "before" ? "‹" : "›"}
    </span>
  );
}
