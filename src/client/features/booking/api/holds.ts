import { useMutation } from "@tanstack/react-query";
import type { CheckoutResponse, HoldDto, TakeHoldInput } from "../../../../shared/schemas/booking.js";
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
    mutationFn: (holdId: string) => apiFetch<CheckoutResponse>("/api/checkout", { method: "POST", body: { holdId } }),
  });
