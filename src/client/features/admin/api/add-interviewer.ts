import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InterviewerDto, InterviewerForm } from "../../../../shared/schemas/interviewers.js";
import { apiFetch } from "../../../lib/api.js";
import { interviewersQuery } from "./get-interviewers.js";

/** 409 DUPLICATE_PHONE names the interviewer who has the phone; resend with `overwrite: true` to update them. */
export const addInterviewer = (form: InterviewerForm) =>
  apiFetch<InterviewerDto>("/api/admin/interviewers", { method: "POST", body: form });

export function useAddInterviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInterviewer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewersQuery().queryKey }),
  });
}
