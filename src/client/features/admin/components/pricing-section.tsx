import { type FormEvent, useState } from "react";
import { UNAVAILABLE_REASON_MAX } from "../../../../shared/constants.js";
import { JOURNEY_MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import { pricingInputSchema, rupeesFromText } from "../../../../shared/schemas/pricing.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextField } from "../../../ui/field.js";
import { usePrices } from "../api/get-prices.js";
import { useSetPrice } from "../api/set-price.js";
import { SectionLayout } from "./section-layout.js";
import { TopicsSection } from "./topics-section.js";

/** The packages, topics and tracks (docs/product.md, Catalog): availability and price in whole rupees. */
export function PricingSection() {
  const prices = usePrices();
  return (
    <SectionLayout id="pricing" title="Pricing">
      <p className="text-sm text-slate-700">
        Changes apply to the next hold and checkout at once; seats already paid for keep their price. An unavailable
        package shows “Not available” and cannot be booked.
      </p>
      {prices.isPending && <Spinner label="Loading prices…" />}
      {prices.isError && <Alert tone="error">{prices.error.message}</Alert>}
      <ul className="grid gap-3 md:grid-cols-3">
        {prices.data?.map((item) => (
          <PriceForm key={item.key} item={item} />
        ))}
      </ul>
      {prices.data && <TopicsSection items={prices.data} />}
    </SectionLayout>
  );
}

function PriceForm({ item }: { item: CatalogItemDto }) {
  const save = useSetPrice();
  const [price, setPrice] = useState(String(item.pricePaise / 100));
  const [available, setAvailable] = useState(item.available);
  const [reason, setReason] = useState(item.unavailableReason ?? "");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { label } = item;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pricingInputSchema.safeParse({
      available,
      priceRupees: rupeesFromText(price),
      unavailableReason: available ? "" : reason,
    });
    setProblems(parsed.success ? {} : issuesByField(parsed.error));
    if (parsed.success) save.mutate({ key: item.key, input: parsed.data });
  };

  const error = problems.priceRupees ?? problems.available ?? save.error?.message;
  const hasProblem = Object.keys(problems).length > 0 || save.isError;
  return (
    <li>
      <form
        noValidate
        onSubmit={submit}
        aria-label={label}
        className="space-y-2 rounded-xl border border-slate-300 bg-white p-3"
      >
        <p className="font-semibold text-slate-900">{label}</p>
        <p className="text-sm text-slate-700">
          Now {formatPaise(item.pricePaise)}, {item.available ? "available" : "not available"}
        </p>
        <TextField
          label="Price (₹)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <label className="flex min-h-8 items-center gap-2 text-sm text-slate-900">
          <input type="checkbox" checked={available} onChange={(event) => setAvailable(event.target.checked)} />
          Available
        </label>
        {!available && (
          <TextField
            label="Reason shown to students (one line)"
            value={reason}
            maxLength={UNAVAILABLE_REASON_MAX + 20}
            placeholder="Opens 1 Dec, when the next interviewer batch joins"
            hint={`Students see it under “Not available”. Left empty, a mock-interview plan says “${JOURNEY_MESSAGES.notAvailableWhy}”`}
            error={problems.unavailableReason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {save.isSuccess && !hasProblem && <Alert tone="success">Saved.</Alert>}
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save<span className="sr-only"> {label}</span>
        </Button>
      </form>
    </li>
  );
}
