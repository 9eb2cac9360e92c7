import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Submission } from "../../../shared/schemas/programme.js";
import { apiFetch } from "../../lib/api.js";
import { reviewQueueKey } from "./get-review-queue.js";

export interface ReviewRequest {
  id: string;
  decision: "approved" | "changes_requested";
  comment: string;
}

export const reviewSubmission = ({ id, ...review }: ReviewRequest) =>
  apiFetch<Submission>(`/api/mentor/submissions/${encodeURIComponent(id)}/review`, { method: "PUT", body: review });

/** `also`: further query keys the review changes (the mentor's students, a batch's roster). */
export function useReviewSubmission(also: readonly (readonly unknown[])[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSubmission,
    onSettled: () =>
      Promise.all([reviewQueueKey, ...also].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
