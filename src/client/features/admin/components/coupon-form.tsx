import { type FormEvent, useState } from "react";
import { CATALOG_KEYS, type CatalogKey } from "../../../../shared/constants.js";
import { rupeesToPaise } from "../../../../shared/money.js";
import { couponInputSchema } from "../../../../shared/schemas/coupons.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import { addDays, zonedToInstant } from "../../../../shared/time.js";
import { ApiError } from "../../../lib/api.js";
import { useCatalogLabel } from "../../../shared/catalog/get-catalog.js";
import { useClientConfig } from "../../../shared/session/get-config.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextField } from "../../../ui/field.js";
import { useAddCoupon } from "../api/add-coupon.js";

const EMPTY = { code: "", kind: "percent", value: "", limit: "", from: "", to: "", packages: [] as CatalogKey[] };
type Draft = typeof EMPTY;

const numberOrUndefined = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** The form's text as the API's input: dates are whole days of the platform zone, the last one included. */
function toInput(draft: Draft, timeZone: string) {
  const value = numberOrUndefined(draft.value);
  return {
    code: draft.code,
    percentOff: draft.kind === "percent" ? (value ?? Number.NaN) : undefined,
    amountOffPaise: draft.kind === "amount" ? rupeesToPaise(value ?? Number.NaN) : undefined,
    maxRedemptions: numberOrUndefined(draft.limit),
    validFrom: draft.from ? zonedToInstant(draft.from, "00:00", timeZone).toISOString() : undefined,
    validTo: draft.to ? zonedToInstant(addDays(draft.to, 1), "00:00", timeZone).toISOString() : undefined,
    packages: draft.packages.length > 0 ? draft.packages : undefined,
  };
}

/** Create a coupon: every rule that fails shows beside its field at once (docs/admin.md, Coupons). */
export function CouponForm() {
  const config = useClientConfig();
  const add = useAddCoupon();
  const label = useCatalogLabel();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = couponInputSchema.safeParse(toInput(draft, config.data?.timeZone ?? "Asia/Kolkata"));
    setErrors(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => setDraft(EMPTY),
      onError: (err) => setErrors(err instanceof ApiError && err.field ? { [err.field]: err.message } : {}),
    });
  };
  const valueError = errors.percentOff ?? errors.amountOffPaise;
  const serverError = add.error && !(add.error instanceof ApiError && add.error.field) ? add.error.message : undefined;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Create a coupon"
      className="space-y-3 rounded-xl border border-slate-300 bg-white p-4"
    >
      <h3 className="text-base font-semibold text-slate-900">Create a coupon</h3>
      <div className="grid gap-3 md:grid-cols-3">
        <TextField
          label="Code"
          value={draft.code}
          error={errors.code}
          autoComplete="off"
          onChange={(e) => set({ code: e.target.value })}
          hint="Shown upper-case; students type it at checkout."
        />
        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">Discount</legend>
          <div className="mt-2 flex gap-4">
            {(["percent", "amount"] as const).map((kind) => (
              <label key={kind} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="coupon-kind" checked={draft.kind === kind} onChange={() => set({ kind })} />
                {kind === "percent" ? "Percentage off" : "Amount off (₹)"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={draft.kind === "percent" ? "Percent off" : "Rupees off"}
          inputMode="decimal"
          value={draft.value}
          error={valueError}
          onChange={(e) => set({ value: e.target.value })}
        />
        <TextField
          label="Redemption limit (optional)"
          inputMode="numeric"
          value={draft.limit}
          error={errors.maxRedemptions}
          onChange={(e) => set({ limit: e.target.value })}
        />
        <TextField
          label="Valid from (optional)"
          type="date"
          value={draft.from}
          error={errors.validFrom}
          onChange={(e) => set({ from: e.target.value })}
        />
        <TextField
          label="Valid until (optional, included)"
          type="date"
          value={draft.to}
          error={errors.validTo}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Packages (none ticked: every package)</legend>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-3">
          {CATALOG_KEYS.map((key) => (
            <label key={key} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={draft.packages.includes(key)}
                onChange={(e) =>
                  set({
                    packages: e.target.checked ? [...draft.packages, key] : draft.packages.filter((k) => k !== key),
                  })
                }
              />
              {label(key)}
            </label>
          ))}
        </div>
      </fieldset>
      {serverError && <Alert tone="error">{serverError}</Alert>}
      {add.isSuccess && <Alert tone="success">Coupon {add.data.code} created.</Alert>}
      <Button type="submit" disabled={add.isPending}>
        Create coupon
      </Button>
    </form>
  );
}
