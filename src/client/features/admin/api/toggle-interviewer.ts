import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InterviewerDto } from "../../../../shared/schemas/interviewers.js";
import { apiFetch } from "../../../lib/api.js";
import { interviewersQuery } from "./get-interviewers.js";

/** The Active/Inactive pill. */
export const toggleInterviewer = (id: string) =>
  apiFetch<InterviewerDto>(`/api/admin/interviewers/${encodeURIComponent(id)}/toggle`, { method: "POST" });

export function useToggleInterviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleInterviewer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewersQuery().queryKey }),
  });
}
