import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CouponDto } from "../../../../shared/schemas/coupons.js";
import { apiFetch } from "../../../lib/api.js";
import { couponsQuery } from "./get-coupons.js";

export const setCouponActive = ({ id, active }: { id: string; active: boolean }) =>
  apiFetch<CouponDto>(`/api/admin/coupons/${id}/${active ? "activate" : "deactivate"}`, { method: "POST" });

export function useSetCouponActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCouponActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQuery().queryKey }),
  });
}
