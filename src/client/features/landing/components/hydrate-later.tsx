import { type ReactNode, Suspense } from "react";

/**
 * Hydration in steps (docs/decisions/0212-landing-hydrated-in-steps.md). The landing entry hydrates the page's frame
 * in the task after its script ran; each section wrapped in `HydrateLater` keeps its prerendered HTML and is hydrated
 * in a task of its own when the browser is idle, or at once when the visitor reaches for it (pointer, focus, key).
 * Preact keeps the HTML of a component that suspends while hydrating and resumes hydrating it when the promise
 * settles; no DOM is replaced, so nothing moves. Outside the landing entry (React, in-app visits to `/`) nothing
 * waits.
 */
interface Step {
  id: string;
  done: boolean;
  promise: Promise<void>;
  resolve: () => void;
}

let collecting = false;
const steps: Step[] = [];

function stepFor(id: string): Step | undefined {
  const existing = steps.find((step) => step.id === id);
  if (existing || !collecting) return existing;
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  const step: Step = { id, done: false, promise, resolve };
  step.resolve = () => {
    step.done = true;
    resolve();
  };
  steps.push(step);
  return step;
}

function Gate({ id, children }: { id: string; children: ReactNode }) {
  const step = stepFor(id);
  if (step && !step.done) throw step.promise;
  return <>{children}</>;
}

/** A section whose hydration may wait: `id` is its element's id (one element, the section itself). */
export function HydrateLater({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate id={id}>{children}</Gate>
    </Suspense>
  );
}

/**
 * Called by the landing entry with its `hydrateRoot`: the script's own evaluation and the top's hydration are two
 * tasks, and the sections rendered meanwhile wait their turn. A visitor who reaches for the page before the top is
 * hydrated hydrates it at once, so no click is lost to the wait.
 */
export function hydrateInSteps(hydrateRoot: () => void): void {
  let started = false;
  const hydrateTop = () => {
    if (started) return;
    started = true;
    collecting = true;
    try {
      hydrateRoot();
    } finally {
      collecting = false;
    }
    whenIdle(next);
  };
  const onReach = (event: Event) => {
    hydrateTop();
    const target = event.target;
    const step = steps.find(
      (s) => !s.done && target instanceof Node && document.getElementById(s.id)?.contains(target),
    );
    step?.resolve();
  };
  const reaching = ["pointerdown", "focusin", "keydown"] as const;
  for (const type of reaching) document.addEventListener(type, onReach, { capture: true, passive: true });
  const next = () => {
    const step = steps.find((s) => !s.done);
    if (!step) {
      for (const type of reaching) document.removeEventListener(type, onReach, { capture: true });
      return;
    }
    step.resolve();
    whenIdle(next);
  };
  setTimeout(hydrateTop, 0);
}

/** The next idle moment, or the next task where the browser has no idle callbacks (Safari). */
function whenIdle(run: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 500 });
  else setTimeout(run, 1);
}
