import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Submission, SubmissionInput } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";
import { capstoneQuery } from "./get-capstone.js";

export const submitCapstone = (bookingId: string, input: SubmissionInput) =>
  apiFetch<Submission>(`/api/me/workshops/${encodeURIComponent(bookingId)}/capstone`, { method: "POST", body: input });

export function useSubmitCapstone(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmissionInput) => submitCapstone(bookingId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capstoneQuery(bookingId).queryKey }),
  });
}
