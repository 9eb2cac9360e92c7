import { type FormEvent, useEffect, useState } from "react";
import { JOURNEY_MESSAGES, MESSAGES } from "../../../../shared/messages.js";
import { formatPaise } from "../../../../shared/money.js";
import type { PriceQuote } from "../../../../shared/schemas/coupons.js";
import { Button } from "../../../ui/button.js";
import { useQuote } from "../api/holds.js";
import { HoldCountdown } from "./hold-countdown.js";

/** The held item in words: what, when (platform zone), with whom, and its list price. */
export interface HeldItem {
  what: string;
  when: string;
  withWhom: string | null;
  pricePaise: number;
}

interface OrderSummaryProps {
  holdId: string | undefined;
  expiresAt: string | undefined;
  item: HeldItem | undefined;
  busy: boolean;
  /** After a failed payment the button says Retry. */
  retry: boolean;
  onProceed: (coupon: string | undefined) => void;
}

/**
 * Before paying (docs/product.md, Payment): what, when, with whom, the price and any coupon's
 * discount, as the server quotes it; then "Proceed to Payment" (or "Retry payment").
 */
export function OrderSummary({ holdId, expiresAt, item, busy, retry, onProceed }: OrderSummaryProps) {
  const quote = useQuote();
  const [code, setCode] = useState("");
  const [applied, setApplied] = useState<PriceQuote>();
  const reset = quote.reset;
  // A new hold is a new price: a coupon applied to the previous one is asked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the held seat changes
  useEffect(() => {
    setApplied(undefined);
    reset();
  }, [holdId, reset]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!holdId || !code.trim()) return;
    quote.mutate({ holdId, coupon: code.trim() }, { onSuccess: setApplied, onError: () => setApplied(undefined) });
  };

  if (!holdId || !item) {
    return (
      // In the page's flow, not sticky: with nothing chosen it must not cover the day strip or the last card.
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-300 bg-white p-4 shadow-lg">
        <p className="text-sm text-slate-700">{MESSAGES.selectSlotFirst}</p>
        <Button onClick={() => onProceed(undefined)} disabled={busy}>
          Proceed to Payment
        </Button>
      </div>
    );
  }
  const total = applied?.amountPaise ?? item.pricePaise;
  return (
    <section
      aria-labelledby="order-summary-title"
      className="space-y-3 rounded-xl border border-slate-300 bg-white p-4 shadow-lg"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="order-summary-title" className="text-lg font-semibold">
          {JOURNEY_MESSAGES.orderSummaryTitle}
        </h3>
        {expiresAt && (
          <p className="text-sm text-slate-800">
            {JOURNEY_MESSAGES.heldForYou} · <HoldCountdown expiresAt={expiresAt} />
          </p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">What</dt>
        <dd className="font-medium">{item.what}</dd>
        <dt className="text-slate-700">When</dt>
        <dd className="font-medium">{item.when}</dd>
        {item.withWhom && (
          <>
            <dt className="text-slate-700">With</dt>
            <dd className="font-medium">{item.withWhom}</dd>
          </>
        )}
        <dt className="text-slate-700">Price</dt>
        <dd className="font-medium">{formatPaise(applied?.listPricePaise ?? item.pricePaise)}</dd>
        {applied && applied.discountPaise > 0 && (
          <>
            <dt className="text-slate-700">Discount</dt>
            <dd className="font-medium text-green-800">
              −{formatPaise(applied.discountPaise)} ({applied.couponCode})
            </dd>
          </>
        )}
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-base font-bold">{formatPaise(total)}</dd>
      </dl>
      <form onSubmit={apply} className="flex flex-wrap items-start gap-2" noValidate>
        <div className="min-w-40 flex-1">
          <label htmlFor="coupon-code" className="sr-only">
            Coupon code
          </label>
          <input
            id="coupon-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Coupon code"
            autoComplete="off"
            aria-invalid={quote.isError || undefined}
            aria-describedby={quote.isError ? "coupon-error" : undefined}
            className="block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm uppercase placeholder:normal-case placeholder:text-slate-600 aria-[invalid=true]:border-red-700"
          />
          {quote.isError && (
            <p id="coupon-error" className="mt-1 text-sm text-red-700">
              {quote.error.message}
            </p>
          )}
        </div>
        <Button type="submit" variant="secondary" disabled={quote.isPending || !code.trim()}>
          Apply
        </Button>
      </form>
      <Button onClick={() => onProceed(applied?.couponCode ?? undefined)} disabled={busy} className="w-full sm:w-auto">
        {busy ? "Opening payment…" : retry ? "Retry payment" : "Proceed to Payment"}
      </Button>
    </section>
  );
}
