import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Submission, SubmissionInput } from "../../../../shared/schemas/programme.js";
import { apiFetch } from "../../../lib/api.js";
import { programmeQuery } from "./get-programme.js";

export const submitMilestone = ({ bookingId, week, ...input }: SubmissionInput & { bookingId: string; week: number }) =>
  apiFetch<Submission>(`/api/me/internships/${encodeURIComponent(bookingId)}/milestones/${week}/submissions`, {
    method: "POST",
    body: input,
  });

export function useSubmitMilestone(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmissionInput & { week: number }) => submitMilestone({ bookingId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programmeQuery(bookingId).queryKey }),
  });
}
