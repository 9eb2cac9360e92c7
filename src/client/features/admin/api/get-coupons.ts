import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CouponDto } from "../../../../shared/schemas/coupons.js";
import { apiFetch } from "../../../lib/api.js";

/** Every coupon, newest first, with its use. */
export const couponsQuery = () =>
  queryOptions({
    queryKey: ["admin", "coupons"],
    queryFn: () => apiFetch<{ coupons: CouponDto[] }>("/api/admin/coupons"),
    select: (data) => data.coupons,
  });

export const useCoupons = () => useQuery(couponsQuery());
