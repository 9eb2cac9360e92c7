import { DOMAIN_LABELS, DOMAINS, type Domain } from "../../../../shared/constants.js";

/** The mock-interview domains an interviewer covers: students who pick one see only their times. */
export function DomainCheckboxes({ value, onChange }: { value: Domain[]; onChange: (next: Domain[]) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Domains</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {DOMAINS.map((domain) => (
          <label key={domain} className="flex min-h-8 items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={value.includes(domain)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, domain] : value.filter((d) => d !== domain))
              }
            />
            {DOMAIN_LABELS[domain]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "SDE, UI/UX" for a list line. */
export const domainsText = (domains: readonly Domain[]) => domains.map((d) => DOMAIN_LABELS[d]).join(", ");
