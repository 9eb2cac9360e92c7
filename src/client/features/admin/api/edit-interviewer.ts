import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InterviewerDto, InterviewerForm } from "../../../../shared/schemas/interviewers.js";
import { apiFetch } from "../../../lib/api.js";
import { interviewersQuery } from "./get-interviewers.js";

export const editInterviewer = ({ id, form }: { id: string; form: InterviewerForm }) =>
  apiFetch<InterviewerDto>(`/api/admin/interviewers/${encodeURIComponent(id)}`, { method: "PUT", body: form });

export function useEditInterviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editInterviewer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewersQuery().queryKey }),
  });
}
