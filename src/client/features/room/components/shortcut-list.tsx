import { SHORTCUTS, type ShortcutName } from "../lib/shortcuts.js";

/** The shortcuts, listed where keyboard users look for them. */
export function ShortcutList({ interviewer }: { interviewer: boolean }) {
  const names = (Object.keys(SHORTCUTS) as ShortcutName[]).filter((name) => interviewer || name !== "notes");
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">Keyboard shortcuts</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
        {names.map((name) => (
          <div key={name} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">
                {SHORTCUTS[name].keys}
              </kbd>
            </dt>
            <dd>{SHORTCUTS[name].does}</dd>
          </div>
        ))}
        <div className="contents">
          <dt>
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">Esc, then Tab</kbd>
          </dt>
          <dd>Leave the code editor (Tab indents while in it)</dd>
        </div>
      </dl>
    </details>
  );
}
