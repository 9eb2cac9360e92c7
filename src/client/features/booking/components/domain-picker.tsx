import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DOMAIN_LABELS, DOMAINS, type Domain } from "../../../../shared/constants.js";

const isDomain = (value: string | null): value is Domain => (DOMAINS as readonly (string | null)[]).includes(value);

/**
 * The mock-interview domain the student picked, kept in the address (`?domain=sde`) so a reload or
 * a shared link keeps it; undefined for any domain (docs/product.md, Domains).
 */
export function useBookingDomain(): [Domain | undefined, (domain: Domain | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("domain");
  const domain = isDomain(raw) ? raw : undefined;
  const setDomain = useCallback(
    (next: Domain | undefined) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("domain", next);
          else updated.delete("domain");
          return updated;
        },
        // At once, not in a transition: the radio the student clicked shows as chosen in the same
        // frame instead of flipping back until the navigation commits.
        { replace: true, flushSync: true },
      ),
    [setParams],
  );
  return [domain, setDomain];
}

/**
 * Which domain the mock interview is for: only times with an interviewer who covers it are offered
 * (the server refuses a hold on any other).
 */
export function DomainPicker() {
  const [domain, setDomain] = useBookingDomain();
  const choices: { value: Domain | undefined; label: string }[] = [
    { value: undefined, label: "Any domain" },
    ...DOMAINS.map((value) => ({ value, label: DOMAIN_LABELS[value] })),
  ];
  return (
    <fieldset data-domain-picker>
      <legend className="text-lg font-semibold">Choose a domain</legend>
      <p className="text-sm text-slate-700">We show the times of interviewers who cover it.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value ?? "any"}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
          >
            <input
              type="radio"
              name="domain"
              value={choice.value ?? ""}
              checked={domain === choice.value}
              onChange={() => setDomain(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
