import { Link, useNavigate, useParams } from "react-router";
import { JOURNEY_MESSAGES, PAYMENT_MESSAGES } from "../../../shared/messages.js";
import { formatPaise } from "../../../shared/money.js";
import type { CheckoutSummary, DevCheckout } from "../../../shared/schemas/booking.js";
import { ApiError } from "../../lib/api.js";
import { useCatalogLabel } from "../../shared/catalog/get-catalog.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { useDevCheckout, useDevPayment } from "./api/test-checkout.js";

/**
 * The test-mode checkout (PAYMENT_PROVIDER=dev, never in production): no money moves, but Pay and
 * Fail go through the same signature check and confirm path as a real payment.
 */
export default function TestCheckoutRoute() {
  const { paymentId = "" } = useParams();
  const navigate = useNavigate();
  const label = useCatalogLabel();
  const checkout = useDevCheckout(paymentId);
  const payment = useDevPayment(paymentId);

  const settle = (outcome: "pay" | "fail") =>
    payment.mutate(outcome, {
      onSuccess: (result) => {
        if (result.status === "confirmed")
          navigate(`/onboarding?step=confirmed&booking=${encodeURIComponent(result.bookingId)}`, { replace: true });
        else if (outcome === "fail") navigate("/onboarding?payment=failed", { replace: true });
      },
      // A newer checkout replaced this one while the page was open: show that state.
      onError: (error) => {
        if (error instanceof ApiError && error.code === "CHECKOUT_REPLACED") void checkout.refetch();
      },
    });
  const replaced = checkout.data?.status === "superseded";

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 p-6">
      <p className="rounded-lg bg-amber-300 px-4 py-2 text-center text-sm font-bold tracking-wide text-slate-900 uppercase">
        Test mode: no real money moves
      </p>
      <h1 className="text-2xl font-bold">Test checkout</h1>
      {checkout.isPending && <Spinner label="Loading payment…" />}
      {checkout.isError && <Alert tone="error">{checkout.error.message}</Alert>}
      {checkout.data && (
        <>
          {checkout.data.summary ? (
            <CheckoutSummaryBox summary={checkout.data.summary} orderId={checkout.data.orderId} />
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-300 p-4">
              <dt className="text-slate-700">For</dt>
              <dd className="font-medium">{label(checkout.data.description)}</dd>
              <dt className="text-slate-700">Amount</dt>
              <dd className="text-xl font-bold">{formatPaise(checkout.data.amountPaise)}</dd>
            </dl>
          )}
          {payment.data && payment.data.status !== "confirmed" && payment.data.status !== "failed" && (
            <Alert tone="error">{payment.data.message}</Alert>
          )}
          {payment.isError && !replaced && <Alert tone="error">{payment.error.message}</Alert>}
          {replaced ? (
            <ReplacedCheckout replacedBy={checkout.data.replacedBy} />
          ) : checkout.data.status === "created" ? (
            <div className="flex gap-3">
              <Button className="flex-1" disabled={payment.isPending} onClick={() => settle("pay")}>
                Pay {formatPaise(checkout.data.amountPaise)}
              </Button>
              <Button
                className="flex-1"
                variant="secondary"
                disabled={payment.isPending}
                onClick={() => settle("fail")}
              >
                Fail payment
              </Button>
            </div>
          ) : (
            <Alert>This payment is already {checkout.data.status}.</Alert>
          )}
        </>
      )}
    </main>
  );
}

/** The booking page's order summary, as the server describes the stored booking (docs/product.md, Booking flow). */
function CheckoutSummaryBox({ summary, orderId }: { summary: CheckoutSummary; orderId: string }) {
  const { price } = summary;
  return (
    <section aria-labelledby="checkout-summary-title" className="space-y-3 rounded-xl border border-slate-300 p-4">
      <h2 id="checkout-summary-title" className="text-lg font-semibold">
        {JOURNEY_MESSAGES.orderSummaryTitle}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">What</dt>
        <dd className="font-medium">{summary.what}</dd>
        <dt className="text-slate-700">When</dt>
        <dd className="font-medium">{summary.when}</dd>
        {summary.withWhom && (
          <>
            <dt className="text-slate-700">With</dt>
            <dd className="font-medium">{summary.withWhom}</dd>
          </>
        )}
        {price.discountPaise > 0 ? (
          <>
            <dt className="text-slate-700">Price</dt>
            <dd className="font-medium">{formatPaise(price.listPricePaise)}</dd>
            <dt className="text-slate-700">Discount</dt>
            <dd className="font-medium text-green-800">
              −{formatPaise(price.discountPaise)} ({price.couponCode})
            </dd>
            <dt className="font-semibold text-slate-900">Total</dt>
          </>
        ) : (
          <dt className="font-semibold text-slate-900">Price</dt>
        )}
        <dd className="text-base font-bold">{formatPaise(price.amountPaise)}</dd>
        <dt className="text-slate-700">Order</dt>
        <dd className="font-mono text-xs break-all">{orderId}</dd>
      </dl>
    </section>
  );
}

/** A newer checkout of the same kind replaced this one: it cannot be paid; go on with the live one. */
function ReplacedCheckout({ replacedBy }: { replacedBy: DevCheckout["replacedBy"] }) {
  const live = replacedBy?.paymentId;
  return (
    <div className="space-y-3">
      <Alert tone="error">{PAYMENT_MESSAGES.checkoutReplaced}</Alert>
      <Link
        className="inline-block rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
        to={live ? `/checkout/test/${encodeURIComponent(live)}` : "/dashboard"}
      >
        {live ? PAYMENT_MESSAGES.goToLiveCheckout : PAYMENT_MESSAGES.goToBookings}
      </Link>
    </div>
  );
}
