const STEPS = ["Choose type", "Book slot", "Profile"] as const;

/** The three-step progress bar (docs/product.md, Booking flow); `current` is 1-based. */
export function ProgressSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Booking progress">
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "todo";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className={`h-2 rounded-full ${state === "todo" ? "bg-slate-200" : "bg-brand-700"}`}
              />
              <span className={`text-sm ${state === "current" ? "font-semibold text-slate-900" : "text-slate-700"}`}>
                {step}. {label}
                {state === "done" && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
