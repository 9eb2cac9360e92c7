import { useMutation } from "@tanstack/react-query";
import type { CheckoutResponse, HoldDto, TakeHoldInput } from "../../../../shared/schemas/booking.js";
import type { MyHolds } from "../../../../shared/schemas/confirmation.js";
import type { PriceQuote } from "../../../../shared/schemas/coupons.js";
import { apiFetch } from "../../../lib/api.js";

export const useTakeHold = () =>
  useMutation({
    mutationFn: (input: TakeHoldInput) => apiFetch<HoldDto>("/api/holds", { method: "POST", body: input }),
  });

/** Fire-and-forget release that survives the page being closed. */
export function releaseHoldOnLeave(holdId: string): void {
  const url = `/api/holds/${encodeURIComponent(holdId)}/release`;
  if (!navigator.sendBeacon?.(url)) {
    void fetch(url, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  }
}

export const releaseHold = (holdId: string) =>
  apiFetch(`/api/holds/${encodeURIComponent(holdId)}`, { method: "DELETE" });

export const useStartCheckout = () =>
  useMutation({
    mutationFn: ({ holdId, coupon }: { holdId: string; coupon?: string | undefined }) =>
      apiFetch<CheckoutResponse>("/api/checkout", {
        method: "POST",
        body: coupon ? { holdId, coupon } : { holdId },
      }),
  });

/** The holds the server kept for the student (after a failed payment), with the time left. */
export const fetchMyHolds = () => apiFetch<MyHolds>("/api/holds/mine");

/** The held seat's price with a coupon, before paying. */
export const useQuote = () =>
  useMutation({
    mutationFn: (input: { holdId: string; coupon: string }) =>
      apiFetch<PriceQuote>("/api/checkout/quote", { method: "POST", body: input }),
  });
