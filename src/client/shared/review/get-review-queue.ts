import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReviewQueue } from "../../../shared/schemas/programme.js";
import { apiFetch } from "../../lib/api.js";

export const reviewQueueKey = ["review-queue"] as const;

/** Submissions waiting for review, oldest first, a page at a time (the mentor's own; an admin's: everyone's). */
export const useReviewQueue = (enabled = true) =>
  useInfiniteQuery({
    queryKey: reviewQueueKey,
    queryFn: ({ pageParam }) =>
      apiFetch<ReviewQueue>(`/api/mentor/submissions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
