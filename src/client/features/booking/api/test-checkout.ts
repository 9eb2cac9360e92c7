import { useMutation, useQuery } from "@tanstack/react-query";
import type { DevCheckout, PaymentResult } from "../../../../shared/schemas/booking.js";
import { apiFetch } from "../../../lib/api.js";

export const useDevCheckout = (paymentId: string) =>
  useQuery({
    queryKey: ["dev-checkout", paymentId],
    queryFn: () => apiFetch<DevCheckout>(`/api/payments/dev/${encodeURIComponent(paymentId)}`),
    retry: false,
  });

export const useDevPayment = (paymentId: string) =>
  useMutation({
    mutationFn: (outcome: "pay" | "fail") =>
      apiFetch<PaymentResult>(`/api/payments/dev/${encodeURIComponent(paymentId)}/${outcome}`, { method: "POST" }),
  });
