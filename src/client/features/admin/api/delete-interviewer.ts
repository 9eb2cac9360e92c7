import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { interviewersQuery } from "./get-interviewers.js";

export const deleteInterviewer = (id: string) =>
  apiFetch<null>(`/api/admin/interviewers/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteInterviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInterviewer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interviewersQuery().queryKey }),
  });
}
