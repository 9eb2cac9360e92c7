import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { CouponsPageDto } from "../../../../shared/schemas/coupons.js";
import { apiFetch } from "../../../lib/api.js";

/** Coupons newest first, with their use, a page at a time. */
export const couponsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["admin", "coupons"],
    queryFn: ({ pageParam }) =>
      apiFetch<CouponsPageDto>(
        `/api/admin/coupons${pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor,
  });

export const useCoupons = () => useInfiniteQuery(couponsQuery());
