import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CouponDto, CouponInput } from "../../../../shared/schemas/coupons.js";
import { apiFetch } from "../../../lib/api.js";
import { couponsQuery } from "./get-coupons.js";

export const addCoupon = (input: CouponInput) =>
  apiFetch<CouponDto>("/api/admin/coupons", { method: "POST", body: input });

export function useAddCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQuery().queryKey }),
  });
}
