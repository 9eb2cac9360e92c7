import { useEffect, useRef, useState } from "react";

const ACTIVE = '[aria-selected="true"], [aria-current="page"]';
/** The hint's width (w-10) and a little air: the active item is kept clear of the fade and its chevron. */
const HINT_WIDTH = 44;

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
      // The hints lie over the row's parent, which may be narrower than the row (negative margins).
      const own = row.getBoundingClientRect();
      const parent = row.parentElement?.getBoundingClientRect() ?? own;
      const box = { left: Math.max(own.left, parent.left), right: Math.min(own.right, parent.right) };
      const item = active.getBoundingClientRect();
      // Sideways only: the page itself must not jump. A hint shows only where more items lie beyond,
      // so the first and last items reach the edges with nothing over them.
      const hiddenBefore = box.left + (row.scrollLeft > 1 ? HINT_WIDTH : 0) - item.left;
      const hiddenAfter =
        item.right - (box.right - (row.scrollLeft + row.clientWidth < row.scrollWidth - 1 ? HINT_WIDTH : 0));
      if (hiddenBefore > 0) row.scrollLeft -= Math.ceil(hiddenBefore);
      else if (hiddenAfter > 0) row.scrollLeft += Math.ceil(hiddenAfter);
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
