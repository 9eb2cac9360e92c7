import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api.js";
import { internshipsQuery } from "./get-internships.js";

export const deleteInternship = (id: string) =>
  apiFetch<null>(`/api/admin/internships/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteInternship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInternship,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internshipsQuery().queryKey }),
  });
}
