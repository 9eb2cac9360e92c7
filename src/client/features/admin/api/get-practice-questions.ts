import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminPracticePage } from "../../../../shared/schemas/practice.js";
import { apiFetch } from "../../../lib/api.js";

/** The practice bank, a page at a time, by domain (empty: every domain). */
export const adminPracticeQuery = (domain: string) =>
  infiniteQueryOptions({
    queryKey: ["admin", "practice", domain],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ domain });
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<AdminPracticePage>(`/api/admin/practice/questions?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAdminPracticeQuestions = (domain: string) => useInfiniteQuery(adminPracticeQuery(domain));
