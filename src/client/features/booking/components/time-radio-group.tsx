import type { ReactNode } from "react";

export interface TimeOption {
  id: string;
  /** The chip's visible content. */
  content: ReactNode;
  /** Read out instead of the content (the content may hold a ticking countdown). */
  label: string;
  disabled: boolean;
  /** Which card (interviewer) the chip sits in. */
  groupId: string;
}

/**
 * Every time chip of a day in one native radio group (docs/product.md, Booking flow): one Tab stop,
 * the arrow keys move between the free times across the interviewer cards, and moving chooses.
 */
export function TimeRadioGroup({
  name,
  labelledBy,
  groups,
  options,
  selectedId,
  onChoose,
}: {
  name: string;
  labelledBy: string;
  groups: { id: string; header: ReactNode }[];
  options: TimeOption[];
  selectedId: string | undefined;
  onChoose: (id: string) => void;
}) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2">
      {groups.map((group) => (
        <div key={group.id} className="rounded-xl border border-slate-300 bg-white p-4">
          {group.header}
          <div className="mt-3 flex flex-wrap gap-2">
            {options
              .filter((o) => o.groupId === group.id)
              .map((option) => (
                <label key={option.id} className="relative">
                  <input
                    type="radio"
                    name={name}
                    value={option.id}
                    aria-label={option.label}
                    checked={option.id === selectedId}
                    disabled={option.disabled}
                    onChange={() => onChoose(option.id)}
                    className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <span className="block min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-left text-sm text-slate-900 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-hover:border-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:border-slate-200 peer-disabled:bg-slate-100 peer-disabled:text-slate-600">
                    {option.content}
                  </span>
                </label>
              ))}
          </div>
        </div>
      ))}
    </div>
  );
}
